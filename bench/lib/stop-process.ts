import type { ChildProcess } from 'node:child_process';

/**
 * Sends a process the benchmarks started SIGTERM and resolves once it has exited (at once if it already has): a
 * server's graceful shutdown may still be writing into its DATA_DIR, which the caller removes next.
 */
export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
