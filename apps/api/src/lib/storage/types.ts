import { normalize } from 'node:path';
import type { Readable } from 'node:stream';

/** An inclusive byte range, as HTTP's Range header counts. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface SignedGetOptions {
  /** How long the URL works; the backend's default (S3_SIGNED_URL_SECONDS) when left out. */
  expiresInSeconds?: number;
  /** The Content-Type the store answers with (overrides the stored one). */
  contentType?: string;
  /** Makes the answer a download (`attachment`) under this file name; inline otherwise. */
  downloadName?: string;
}

/** One uploaded part of a multipart upload, as the store's answer to its PUT named it. */
export interface UploadedPart {
  partNumber: number;
  etag: string;
}

/**
 * Where uploaded and seeded files live: a folder (file://) or a bucket (s3://). Keys are relative
 * paths like `courses/3/photo.png`; every method refuses a key that would leave the storage root.
 */
export interface Storage {
  readonly kind: 'file' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Writes a stream without holding it in memory (file: a temp file renamed into place; S3: 8 MB
   * multipart parts). Nothing is visible under `key` until the whole stream is stored. Returns its size.
   */
  putStream(key: string, stream: Readable | AsyncIterable<Uint8Array>, contentType: string): Promise<{ size: number }>;
  /**
   * A stream and the file's whole size, or null when there is no such file. With a byte range
   * (inclusive, as HTTP's), the stream holds only those bytes.
   */
  get(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null>;
  /** The file's size, or null when there is no such file. */
  size(key: string): Promise<number | null>;
  /** Deletes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Every key under `prefix` (`''`: all), in no particular order. */
  list(prefix: string): Promise<string[]>;
  /**
   * A short-lived URL the browser fetches the file from directly (S3, so a CDN can sit in front),
   * or null when the API serves the file itself (file storage).
   */
  signedGetUrl(key: string, options?: SignedGetOptions): Promise<string | null>;
  /**
   * Starts a multipart upload that the browser sends straight to the store; null when the store
   * cannot take one (file storage: the API streams the upload to disk instead).
   */
  createUpload(key: string, contentType: string): Promise<string | null>;
  /** A presigned URL for a plain HTTP PUT of one part (1 to 10,000; all but the last at least 5 MB). */
  signUploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    options?: { expiresInSeconds?: number },
  ): Promise<string>;
  /** Joins the parts (their ETags from each PUT's answer) into the object at `key`. */
  completeUpload(key: string, uploadId: string, parts: UploadedPart[]): Promise<void>;
  abortUpload(key: string, uploadId: string): Promise<void>;
}

/** A storage operation the backend does not have (presigned uploads on file storage). */
export class UnsupportedStorageOperation extends Error {
  constructor(operation: string, kind: Storage['kind']) {
    super(`${kind} storage does not support ${operation}`);
    this.name = 'UnsupportedStorageOperation';
  }
}

/** Keys never escape the storage root; `a//b` and `a/./b` are `a/b` on every backend. */
export function assertSafeKey(key: string): string {
  const clean = normalize(key).replace(/^\/+/, '');
  if (!clean || clean === '.' || clean.endsWith('/') || clean.startsWith('..') || clean.includes('\0')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
  return clean;
}

/** A listing prefix: empty (everything) or a safe key, a trailing slash kept. */
export function assertSafePrefix(prefix: string): string {
  if (prefix === '') return '';
  const clean = assertSafeKey(prefix.replace(/\/+$/, ''));
  return prefix.endsWith('/') ? `${clean}/` : clean;
}
