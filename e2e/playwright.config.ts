import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { SERVER_COUNT } from './helpers/servers.ts';

// Fresh databases per run, so each server seeds the demo. Set once here; workers inherit it.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'live-connect-e2e-'));

/**
 * Journeys in Debian's Chromium against the built web app. Two workers, each with its own server
 * (helpers/servers.ts; `baseURL` comes from helpers/test.ts): a journey spends most of its time waiting on the
 * page and the network, so two at once use the machine's two cores that one leaves idle. E2E_WORKERS=1 runs them
 * one after another on one server.
 */
export default defineConfig({
  testDir: './journeys',
  outputDir: './test-results',
  // The servers (helpers/global-setup.ts), started side by side; the teardown then removes their folders.
  globalSetup: './helpers/global-setup.ts',
  globalTeardown: './helpers/global-teardown.ts',
  workers: SERVER_COUNT,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    screenshot: 'only-on-failure',
    // A trace records a screencast and a DOM snapshot of every step: it doubled the browser's CPU time (admin-console
    // alone: 58 -> 30 CPU-s with it off), and on two cores the journeys are bound by that CPU. A failure still leaves
    // its screenshot and error context; E2E_TRACE=1 keeps a failing journey's trace for playwright show-trace.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    launchOptions: {
      // Debian's Chromium headless shell: the same engine without the browser around it, as Playwright itself uses
      // for headless runs. The journeys took 21% less CPU than in the full browser (decision 032); CHROMIUM_PATH
      // picks another build (/usr/bin/chromium to watch one).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
