import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, resolve } from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded and seeded files live. Keys are relative paths like `courses/3/photo.png`. */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * A stream and the file's whole size, or null when there is no such file. With a byte range
   * (inclusive, as HTTP's), the stream holds only those bytes.
   */
  get(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null>;
  /** The file's size, or null when there is no such file. */
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
}

export interface ByteRange {
  start: number;
  end: number;
}

/** Keys never escape the storage root. */
export function assertSafeKey(key: string): string {
  const clean = normalize(key).replace(/^\/+/, '');
  if (!clean || clean.startsWith('..') || clean.includes('\0')) throw new Error(`unsafe storage key: ${key}`);
  return clean;
}

export function createFileStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => join(base, assertSafeKey(key));
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, body);
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
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? info.size : null;
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** STORAGE_URL `file:///path`, or by default DATA_DIR/uploads. */
export function createStorage(options: { storageUrl?: string | undefined; dataDir: string }): Storage {
  const url = options.storageUrl;
  if (!url) return createFileStorage(join(options.dataDir, 'uploads'));
  if (url.startsWith('file://')) return createFileStorage(new URL(url).pathname);
  throw new Error(`STORAGE_URL scheme not supported yet: ${url}`);
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
};

/** The content type of a stored file, by its extension; null for kinds this product does not serve. */
export function contentTypeOf(key: string): string | null {
  const ext = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase();
  return (ext && CONTENT_TYPES[ext]) ?? null;
}

/**
 * The one byte range of an HTTP Range header (`bytes=a-b`, `bytes=a-`, `bytes=-n`) over a file of
 * `size` bytes: the range, 'unsatisfiable', or null to send the whole file (no header, another
 * unit, or several ranges, which a server may answer in full).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (size === 0) return 'unsatisfiable';
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** A stored file opened for an HTTP answer: all of it, the asked range, or the size for a 416. */
export type StoredFileSlice =
  | { kind: 'unsatisfiable'; size: number }
  | { kind: 'file'; stream: Readable; size: number; start: number; end: number; isPartial: boolean; contentType: string };

/** Opens `key` for an answer honouring the Range header; null when there is no such file. */
export async function openStoredFile(
  storage: Storage,
  options: { key: string; range: string | undefined; contentType: string },
): Promise<StoredFileSlice | null> {
  const size = await storage.size(options.key);
  if (size === null) return null;
  const range = parseByteRange(options.range, size);
  if (range === 'unsatisfiable') return { kind: 'unsatisfiable', size };
  const file = size === 0 ? await storage.get(options.key) : await storage.get(options.key, range ?? { start: 0, end: size - 1 });
  if (!file) return null;
  return {
    kind: 'file',
    stream: file.stream,
    size,
    start: range?.start ?? 0,
    end: range?.end ?? size - 1,
    isPartial: range !== null,
    contentType: options.contentType,
  };
}
