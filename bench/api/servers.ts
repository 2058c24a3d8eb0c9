/**
 * The servers under load (the ceiling, the framework's floor, the API), each in its own process so the load generator (this process)
 * never shares an event loop with them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopProcess } from '../lib/stop-process.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  name: string;
  url: string;
  pid: number;
  logFile: string;
  /** SIGTERM, then wait for the exit (a --cpu-prof profile is written on the way out). */
  stop(): Promise<void>;
}

export interface ApiServerOptions {
  port: number;
  databaseUrl: string;
  dataDir: string;
  logFile: string;
  /** Where node --cpu-prof writes the server's profile; no profiling when absent. */
  cpuProfileDir?: string | undefined;
  logLevel: string;
}

/**
 * The environment production runs with (Dockerfile, docs/deploy.md), nothing inherited but PATH
 * and HOME: NODE_ENV=production with a fresh secret, PostgreSQL, one trusted proxy hop (the
 * bench plays the TLS-terminating proxy and sets X-Forwarded-For, as the deployed proxy does).
 * SMTP_URL is required in production but never dialled: no scenario sends mail.
 */
export function productionEnv(options: ApiServerOptions): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    APP_URL: `http://127.0.0.1:${options.port}`,
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    APP_SECRET: randomBytes(32).toString('hex'),
    SMTP_URL: 'smtp://127.0.0.1:4199',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    TRUST_PROXY: '1',
    LOG_LEVEL: options.logLevel,
    SEED_DEMO: 'false',
    // Production prints the seller on GST invoices (a made-up GSTIN of Kerala), and the operator, contact
    // and grievance officer on the privacy page and the terms.
    INVOICE_SELLER_NAME: 'Live Connect Bench',
    INVOICE_SELLER_ADDRESS: '1 Bench Road, Kochi 682001',
    INVOICE_SELLER_GSTIN: '32AAACL1234A1ZI',
    OPERATOR_LEGAL_NAME: 'Live Connect Bench',
    OPERATOR_ADDRESS: '1 Bench Road, Kochi 682001',
    CONTACT_EMAIL: 'support@bench.example',
    GRIEVANCE_OFFICER_NAME: 'Bench Grievance Officer',
    GRIEVANCE_OFFICER_EMAIL: 'grievance@bench.example',
  };
}

async function waitUntilAnswering(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const log = await readFile(logFile, 'utf8').catch(() => '');
  throw new Error(`${url} did not answer (exit code ${child.exitCode}). Its output:\n${log.slice(-4000)}`);
}

function startProcess(name: string, args: string[], env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(logFile);
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  child.on('error', (error) => console.error(`[bench:api] ${name}: ${error.message}`));
  return child;
}

export async function startCeiling(port: number, logFile: string): Promise<RunningServer> {
  const child = startProcess(
    'ceiling',
    [join(repoRoot, 'bench/api/ceiling-server.ts')],
    {
      PATH: process.env.PATH,
      PORT: String(port),
      NODE_ENV: 'production',
    },
    logFile,
  );
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(url, child, logFile);
  return { name: 'ceiling', url, pid: child.pid!, logFile, stop: () => stopProcess(child) };
}

/** The framework's floor (framework-floor-server.ts): Fastify with no hook, answering `bodyFile` on GET /course. */
export async function startFrameworkFloor(
  port: number,
  logFile: string,
  course: { bodyFile: string; etag: string; cacheControl: string },
): Promise<RunningServer> {
  const child = startProcess(
    'floor',
    [join(repoRoot, 'bench/api/framework-floor-server.ts')],
    {
      PATH: process.env.PATH,
      PORT: String(port),
      NODE_ENV: 'production',
      BODY_FILE: course.bodyFile,
      BODY_ETAG: course.etag,
      BODY_CACHE_CONTROL: course.cacheControl,
    },
    logFile,
  );
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(url, child, logFile);
  return { name: 'floor', url, pid: child.pid!, logFile, stop: () => stopProcess(child) };
}

/** The API exactly as the container starts it: `node apps/api/src/server.ts`. */
export async function startApi(options: ApiServerOptions): Promise<RunningServer> {
  const profiling = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
  const child = startProcess(
    'api',
    [...profiling, join(repoRoot, 'apps/api/src/server.ts')],
    productionEnv(options),
    options.logFile,
  );
  const url = `http://127.0.0.1:${options.port}`;
  await waitUntilAnswering(`${url}/readyz`, child, options.logFile);
  return { name: 'api', url, pid: child.pid!, logFile: options.logFile, stop: () => stopProcess(child) };
}
