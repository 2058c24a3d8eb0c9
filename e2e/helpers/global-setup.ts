import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverProcess } from '../../apps/api/test/reliability/server-process.ts';
import { SERVER_COUNT, serverPort, serverUrl } from './servers.ts';

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/**
 * Starts the journeys' servers side by side and returns what stops them. Each is the real server (the one
 * `npm start` runs) on its own port and PGlite database, with the dev mailbox. Playwright's `webServer` entries
 * start one after another, and a server takes seconds of CPU to become ready (half of it PGlite creating and
 * migrating its database): side by side, the two use both cores. What a server logs at level error is printed
 * when the run ends; its whole log stays in its folder under E2E_DATA_DIR until the teardown removes it.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('playwright.config.ts sets E2E_DATA_DIR');
  const servers = Array.from({ length: SERVER_COUNT }, (_, index) => {
    const dir = join(dataDir, `server-${index}`);
    mkdirSync(dir, { recursive: true });
    return serverProcess({
      port: serverPort(index),
      logFile: join(dir, 'server.log'),
      env: {
        NODE_ENV: 'development',
        APP_URL: serverUrl(index),
        DATA_DIR: dir,
        WEB_DIST: join(repoRoot, 'apps/web/dist'),
        LOG_LEVEL: 'warn',
        TEST_HOOKS: 'true',
      },
    });
  });
  // A server left running from another run would answer for ours.
  for (let index = 0; index < SERVER_COUNT; index++) {
    const answered = await fetch(`${serverUrl(index)}/healthz`).then(
      () => true,
      () => false,
    );
    if (answered)
      throw new Error(`${serverUrl(index)} is already in use: stop what listens there (E2E_PORT moves the journeys)`);
  }
  const stopAll = () => Promise.all(servers.map((server) => server.stop()));
  try {
    await Promise.all(servers.map((server) => server.start()));
  } catch (error) {
    await stopAll();
    throw error;
  }
  return async () => {
    await stopAll();
    const errors = servers.flatMap((server) => server.loggedErrors());
    if (errors.length > 0) console.error(`The journeys' servers logged errors:\n${errors.join('\n')}`);
  };
}
