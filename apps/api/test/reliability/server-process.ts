import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export interface ServerProcess {
  readonly url: string;
  /** Starts the server (migrations included) and waits until /readyz answers. */
  start(): Promise<void>;
  /** SIGKILL: no shutdown hook runs, open transactions die with their connections. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful shutdown of server.ts. */
  stop(): Promise<void>;
  /** What the server logged at level error (a 500's cause, a failed reconciliation), from every run. */
  loggedErrors(): string[];
}

/**
 * The API as the container image runs it (`node apps/api/src/server.ts`) on 127.0.0.1:`port`, with `env`
 * as its whole configuration (and PATH), its log in `logFile`. The test process only talks to it over HTTP.
 * The reliability suites and the journeys (e2e/helpers/global-setup.ts) start their servers with it.
 */
export function serverProcess(options: {
  port: number;
  env: Record<string, string>;
  logFile: string;
  /** What to run: the API (default) or the job worker, which answers only /healthz and /metrics. */
  entry?: 'server' | 'worker';
}): ServerProcess {
  const entry = options.entry ?? 'server';
  const readyPath = entry === 'worker' ? '/healthz' : '/readyz';
  const url = `http://127.0.0.1:${options.port}`;
  let child: ChildProcess | null = null;
  let hasExited = true;
  let exited: Promise<void> = Promise.resolve();

  const env = { PATH: process.env.PATH ?? '', ...options.env, HOST: '127.0.0.1', PORT: String(options.port) };

  const logTail = () => {
    try {
      return readFileSync(options.logFile, 'utf8').slice(-2_000);
    } catch {
      return '(no log)';
    }
  };

  async function waitUntilReady(): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (hasExited) throw new Error(`the server exited while starting:\n${logTail()}`);
      try {
        if ((await fetch(`${url}${readyPath}`)).ok) return;
      } catch {
        /* not listening yet */
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the server did not become ready in 60 s:\n${logTail()}`);
  }

  async function signal(name: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    if (!hasExited) child?.kill(name);
    await exited;
    child = null;
  }

  return {
    url,
    async start() {
      const log = openSync(options.logFile, 'a');
      const started = spawn(process.execPath, [`apps/api/src/${entry}.ts`], {
        cwd: repoRoot,
        env,
        stdio: ['ignore', log, log],
      });
      closeSync(log);
      child = started;
      hasExited = false;
      exited = new Promise((resolve) =>
        started.once('exit', () => {
          hasExited = true;
          resolve();
        }),
      );
      await waitUntilReady();
    },
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
    loggedErrors() {
      let text: string;
      try {
        text = readFileSync(options.logFile, 'utf8');
      } catch {
        return [];
      }
      return text.split('\n').flatMap((line) => {
        try {
          const entry = JSON.parse(line) as {
            level: number;
            msg: string;
            req?: { url?: string };
            err?: { message?: string };
          };
          return entry.level >= 50 ? [`${entry.msg} ${entry.req?.url ?? ''}: ${entry.err?.message ?? ''}`] : [];
        } catch {
          return line.trim() ? [line] : [];
        }
      });
    },
  };
}
