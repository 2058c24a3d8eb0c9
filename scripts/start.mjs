#!/usr/bin/env node
/**
 * `npm start`: builds the web app when apps/web/dist is missing or older than its sources, then
 * runs the API (which migrates, seeds an empty database and serves the web app) on one port.
 * Settings come from the environment, and from .env when present (see .env.example).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot as root, envFileArgs } from './run-ts.mjs';

const webDir = join(root, 'apps/web');
const webDist = join(webDir, 'dist');
/** What the web build reads: its own sources and config, and the shared contracts. */
const webInputs = [
  join(webDir, 'src'),
  join(webDir, 'public'),
  join(webDir, 'index.html'),
  join(webDir, 'vite.config.ts'),
  join(webDir, 'package.json'),
  join(webDir, 'tsconfig.json'),
  join(root, 'packages/contracts/src'),
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function webBuildIsCurrent() {
  const index = join(webDist, 'index.html');
  if (!existsSync(index)) return false;
  return statSync(index).mtimeMs >= Math.max(...webInputs.map(newestMtime));
}

function buildWeb() {
  if (webBuildIsCurrent()) {
    console.log('[start] web app is up to date (apps/web/dist).');
    return;
  }
  console.log('[start] building the web app (apps/web/dist)…');
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '--workspace', '@app/web'], { cwd: root, stdio: 'inherit' });
  if (result.status === 0) {
    console.log(`[start] web app built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return;
  }
  const fallback = existsSync(join(webDist, 'index.html'))
    ? 'serving the previous build in apps/web/dist'
    : 'serving the API only (no apps/web/dist yet)';
  console.warn(
    `\n[start] The web app failed to build (exit ${result.status}); ${fallback}. Fix the errors above, then run npm start again.\n`,
  );
}

buildWeb();

const env = { ...process.env, WEB_DIST: process.env.WEB_DIST ?? webDist };
const port = env.PORT ?? '3000';
console.log(`[start] starting the server: migrations, demo seed on an empty database, then http://localhost:${port}`);
const server = spawn(process.execPath, [...envFileArgs(), join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  env,
  stdio: 'inherit',
});

// Print where to go once the server answers.
const readyUrl = `http://127.0.0.1:${port}/healthz`;
const waitStarted = Date.now();
const poll = setInterval(async () => {
  try {
    const res = await fetch(readyUrl);
    if (!res.ok) return;
    clearInterval(poll);
    console.log(
      `\n[start] Ready in ${((Date.now() - waitStarted) / 1000).toFixed(1)} s: open ${env.APP_URL ?? `http://localhost:${port}`} and sign in as demo@example.com / Demo@1234 (mail: /dev/mailbox).\n`,
    );
  } catch {
    if (Date.now() - waitStarted > 120_000) clearInterval(poll);
  }
}, 500);

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  clearInterval(poll);
  process.exit(code ?? (signal ? 1 : 0));
});
