import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, assertSafePrefix, UnsupportedStorageOperation, type Storage } from './types.ts';

/** Streams are written here first, beside their final name, so a rename makes them whole at once. */
const PARTIAL_SUFFIX = '.partial';

/** Files in a folder (STORAGE_URL=file://… or DATA_DIR/uploads): the API serves them itself. */
export function createFileStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => join(base, assertSafeKey(key));
  const unsupported = (operation: string) => Promise.reject(new UnsupportedStorageOperation(operation, 'file'));
  return {
    kind: 'file',
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, body);
    },
    async putStream(key, stream) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${randomBytes(6).toString('hex')}${PARTIAL_SUFFIX}`;
      try {
        await pipeline(stream instanceof Readable ? stream : Readable.from(stream), createWriteStream(partial));
        const { size } = await stat(partial);
        await rename(partial, path);
        return { size };
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key, range) {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        return { stream: createReadStream(path, range ? { start: range.start, end: range.end } : {}), size: info.size };
      } catch {
        return null;
      }
    },
    async size(key) {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        return info.isFile() ? info.size : null;
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async list(prefix) {
      const wanted = assertSafePrefix(prefix);
      // The folder the prefix is in (or names), read recursively; keys use / on every platform.
      const folder = join(base, wanted.includes('/') ? wanted.slice(0, wanted.lastIndexOf('/')) : '');
      let entries: string[];
      try {
        entries = await readdir(folder, { recursive: true });
      } catch {
        return [];
      }
      const keys: string[] = [];
      for (const entry of entries) {
        const key = relative(base, join(folder, entry)).split(sep).join('/');
        if (!key.startsWith(wanted) || key.endsWith(PARTIAL_SUFFIX)) continue;
        if ((await stat(join(folder, entry)).catch(() => null))?.isFile()) keys.push(key);
      }
      return keys;
    },
    // The API streams these files itself (with Range), so there is no URL to hand out.
    signedGetUrl: async (key) => {
      assertSafeKey(key);
      return null;
    },
    createUpload: async () => null,
    signUploadPart: () => unsupported('presigned uploads'),
    completeUpload: () => unsupported('presigned uploads'),
    abortUpload: () => unsupported('presigned uploads'),
  };
}
