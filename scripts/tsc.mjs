#!/usr/bin/env node
/**
 * The type gate of every `typecheck` script: TypeScript 7, the native compiler (decision 033), with
 * the arguments given (`node scripts/tsc.mjs -p tsconfig.json`). It is installed as `typescript-7`
 * beside TypeScript 6, which keeps the name `typescript` for the tools that load the compiler as a
 * library (typescript-eslint, the untranslated-text tests). Both packages declare a `tsc` command and
 * npm links only one of them, so the scripts name this one rather than trust `tsc` on the PATH.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')), 'bin', 'tsc');
const { status, error } = spawnSync(process.execPath, [tsc, ...process.argv.slice(2)], { stdio: 'inherit' });
if (error) throw error;
process.exit(status ?? 1);
