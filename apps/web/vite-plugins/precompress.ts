import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|webmanifest)$/;
/** Below this, the headers outweigh what compression saves. */
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Writes `<file>.br` and `<file>.gz` beside a file, at the strongest settings, unless it is too small to gain. */
export async function compressBeside(path: string): Promise<void> {
  const content = await readFile(path);
  if (content.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
}

/**
 * Writes a `.br` and a `.gz` beside every text file of the build, compressed once at their
 * strongest settings, so the server sends them (@fastify/static `preCompressed`) without
 * compressing on each request. Files the build writes after the bundle (the offline worker) stay plain;
 * the pages of vite-plugins/prerender.ts compress themselves.
 */
export function precompress(): Plugin {
  return {
    name: 'live-connect:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(files.map((file) => compressBeside(join(outDir, file))));
    },
  };
}
