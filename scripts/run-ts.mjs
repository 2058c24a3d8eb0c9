#!/usr/bin/env node
/**
 * Runs a TypeScript entry point of the repo the way the server runs: Node strips the types itself
 * (decision 034), with .env loaded when present. `node scripts/run-ts.mjs apps/api/src/cli/seed.ts`.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** Node's --env-file argument for the repo's .env, when there is one (Node strips the TypeScript itself). */
export function envFileArgs() {
  const args = [];
  const envFile = join(repoRoot, '.env');
  if (existsSync(envFile)) args.push(`--env-file=${envFile}`);
  return args;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [entry, ...rest] = process.argv.slice(2);
  if (!entry) {
    console.error('usage: node scripts/run-ts.mjs <file.ts> [args…]');
    process.exit(2);
  }
  const child = spawn(process.execPath, [...envFileArgs(), resolve(entry), ...rest], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
