import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Env } from '../env.ts';
import { createFileStorage } from './storage/file.ts';
import type { S3StorageOptions } from './storage/s3.ts';
import { parseStorageUrl } from './storage/storage-url.ts';
import type { ByteRange, Storage } from './storage/types.ts';

export { createFileStorage } from './storage/file.ts';
export {
  assertSafeKey,
  UnsupportedStorageOperation,
  type ByteRange,
  type SignedGetOptions,
  type Storage,
  type UploadedPart,
} from './storage/types.ts';

export type StorageEnv = Pick<
  Env,
  | 'STORAGE_URL'
  | 'DATA_DIR'
  | 'S3_ENDPOINT'
  | 'S3_PUBLIC_ENDPOINT'
  | 'S3_REGION'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_SIGNED_URL_SECONDS'
>;

/**
 * The app's storage from its settings: STORAGE_URL `s3://bucket[/prefix]` (with the S3_* settings),
 * `file:///path`, or by default DATA_DIR/uploads. env.ts has already refused a bad STORAGE_URL.
 */
export function createStorage(env: StorageEnv): Storage {
  if (!env.STORAGE_URL) return createFileStorage(join(env.DATA_DIR, 'uploads'));
  const location = parseStorageUrl(env.STORAGE_URL);
  if ('problem' in location) throw new Error(location.problem);
  if (location.kind === 'file') return createFileStorage(location.root);
  return lazyS3Storage({
    bucket: location.bucket,
    prefix: location.prefix,
    endpoint: env.S3_ENDPOINT,
    publicEndpoint: env.S3_PUBLIC_ENDPOINT,
    region: env.S3_REGION,
    // MinIO and most self-hosted stores have no per-bucket DNS names; AWS and R2 prefer them.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    signedUrlSeconds: env.S3_SIGNED_URL_SECONDS,
  });
}

/**
 * S3 storage whose module, and the AWS SDK with it, loads on the first operation: the SDK is about 0.2 s of a server
 * start's 2 CPU-s, which a server on file storage never needs.
 */
function lazyS3Storage(options: S3StorageOptions): Storage {
  let loaded: Promise<Storage> | undefined;
  const s3 = () => (loaded ??= import('./storage/s3.ts').then(({ createS3Storage }) => createS3Storage(options)));
  return {
    kind: 's3',
    put: async (...args) => (await s3()).put(...args),
    putStream: async (...args) => (await s3()).putStream(...args),
    get: async (...args) => (await s3()).get(...args),
    size: async (...args) => (await s3()).size(...args),
    delete: async (...args) => (await s3()).delete(...args),
    list: async (...args) => (await s3()).list(...args),
    signedGetUrl: async (...args) => (await s3()).signedGetUrl(...args),
    createUpload: async (...args) => (await s3()).createUpload(...args),
    signUploadPart: async (...args) => (await s3()).signUploadPart(...args),
    completeUpload: async (...args) => (await s3()).completeUpload(...args),
    abortUpload: async (...args) => (await s3()).abortUpload(...args),
  };
}

/**
 * The origin browsers are sent to for stored files (signed URLs), for the Content-Security-Policy:
 * null with file storage (the API serves the bytes itself).
 */
export function storageBrowserOrigin(env: StorageEnv): string | null {
  if (!env.STORAGE_URL) return null;
  const location = parseStorageUrl(env.STORAGE_URL);
  if ('problem' in location || location.kind === 'file') return null;
  const endpoint = env.S3_PUBLIC_ENDPOINT ?? env.S3_ENDPOINT;
  if (!endpoint) return `https://${location.bucket}.s3.${env.S3_REGION}.amazonaws.com`;
  const url = new URL(endpoint);
  const pathStyle = env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT);
  return pathStyle ? url.origin : `${url.protocol}//${location.bucket}.${url.host}`;
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

/**
 * A stored file opened for an HTTP answer: all of it, the asked range, the size for a 416, or (on
 * a store that signs URLs) a short-lived URL to redirect to, so the API never carries the bytes.
 */
export type StoredFileSlice =
  | { kind: 'redirect'; url: string }
  | { kind: 'unsatisfiable'; size: number }
  | {
      kind: 'file';
      stream: Readable;
      size: number;
      start: number;
      end: number;
      isPartial: boolean;
      contentType: string;
    };

/**
 * Opens `key` for an answer honouring the Range header; null when there is no such file. A store
 * that signs URLs answers with one instead (the browser sends its Range header there).
 */
export async function openStoredFile(
  storage: Storage,
  options: { key: string; range: string | undefined; contentType: string; downloadName?: string },
): Promise<StoredFileSlice | null> {
  const size = await storage.size(options.key);
  if (size === null) return null;
  const url = await storage.signedGetUrl(options.key, {
    contentType: options.contentType,
    ...(options.downloadName ? { downloadName: options.downloadName } : {}),
  });
  if (url) return { kind: 'redirect', url };
  const range = parseByteRange(options.range, size);
  if (range === 'unsatisfiable') return { kind: 'unsatisfiable', size };
  const file =
    size === 0 ? await storage.get(options.key) : await storage.get(options.key, range ?? { start: 0, end: size - 1 });
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
