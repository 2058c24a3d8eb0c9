/**
 * The deployed proxy in front of the bench's server: Debian's Caddy running `deploy/Caddyfile` itself (TLS with
 * Caddy's local CA, HTTP/2, zstd/gzip), on unprivileged ports, with one upstream. A learner's phone reaches the
 * product through Caddy, over one multiplexed HTTP/2 connection; straight to the Node server, Chromium speaks
 * HTTP/1.1 over at most six connections, and a page's two dozen route chunks queue behind one another.
 *
 * Needs the `caddy` binary (`apt-get install -y caddy`); Chromium must be started with --ignore-certificate-errors,
 * since the local CA is not trusted.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { request } from 'node:https';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from './wait-for.ts';

const caddyfile = resolve(fileURLToPath(new URL('../../deploy/Caddyfile', import.meta.url)));

export interface RunningCaddy {
  /** The site's origin, https://localhost:<port>. */
  url: string;
  process: ChildProcess;
}

/** `caddy version`, or null when Caddy is not installed. */
export function caddyVersion(): string | null {
  const run = spawnSync('caddy', ['version'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim().split(' ')[0]! : null;
}

/** Resolves with the status of GET `url`, trusting any certificate (Caddy's local CA). */
function statusOf(url: string): Promise<number> {
  return new Promise((done, fail) => {
    const probe = request(url, { rejectUnauthorized: false, timeout: 2_000 }, (response) => {
      response.resume();
      done(response.statusCode ?? 0);
    });
    probe.on('error', fail).on('timeout', () => probe.destroy(new Error('timeout')));
    probe.end();
  });
}

/** Starts Caddy on `port` (HTTPS) in front of 127.0.0.1:`upstreamPort` and waits until /readyz answers through it. */
export async function startCaddy(options: {
  port: number;
  upstreamPort: number;
  workDir: string;
}): Promise<RunningCaddy> {
  if (!caddyVersion())
    throw new Error(
      'bench:web audits the pages through Caddy, as deployed: apt-get install -y caddy (or pass --direct).',
    );
  const caddy = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: options.workDir,
      XDG_DATA_HOME: join(options.workDir, 'data'),
      XDG_CONFIG_HOME: join(options.workDir, 'config'),
      SITE_ADDRESS: 'localhost',
      STORAGE_ADDRESS: 'storage.localhost',
      API_UPSTREAMS: `127.0.0.1:${options.upstreamPort}`,
      CADDY_HTTPS_PORT: String(options.port),
      // The HTTP → HTTPS redirect listener: unused here, off the privileged port 80.
      CADDY_HTTP_PORT: String(options.port + 2),
    },
  });
  const log: string[] = [];
  caddy.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const url = `https://localhost:${options.port}`;
  try {
    await waitFor(`${url}/readyz`, 'Caddy', 30_000, caddy, async (target) => (await statusOf(target)) === 200);
  } catch (error) {
    caddy.kill();
    throw new Error(`${(error as Error).message}\n${log.join('')}`, { cause: error });
  }
  return { url, process: caddy };
}
