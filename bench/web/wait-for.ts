import type { ChildProcess } from 'node:child_process';

/**
 * Waits until `url` answers as `isUp` wants (by default any 2xx from fetch), polling every 250 ms; fails when `child`,
 * the process that should answer, exits first or `timeoutMs` passes.
 */
export async function waitFor(
  url: string,
  what: string,
  timeoutMs: number,
  child: ChildProcess,
  isUp: (url: string) => Promise<boolean> = async (target) => (await fetch(target)).ok,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}) before it was ready.`);
    try {
      if (await isUp(url)) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000} s.`);
}
