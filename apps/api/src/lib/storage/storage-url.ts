import { fileURLToPath } from 'node:url';

/** Where STORAGE_URL points. */
export type StorageLocation = { kind: 'file'; root: string } | { kind: 's3'; bucket: string; prefix: string };

/** S3's bucket naming rule (also R2's, MinIO's and Spaces'): 3-63 lowercase letters, digits, dots, hyphens. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

const USAGE = 'file:///absolute/path or s3://bucket[/prefix]';

/**
 * Reads STORAGE_URL: the location, or a message saying what is wrong with it (for env.ts to report
 * at boot). The message never repeats the URL, which might carry a secret.
 */
export function parseStorageUrl(value: string): StorageLocation | { problem: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: `STORAGE_URL must be a URL: ${USAGE}` };
  }
  if (url.protocol === 'file:') {
    if (url.search || url.hash) return { problem: `STORAGE_URL must be ${USAGE} (no query or fragment)` };
    try {
      return { kind: 'file', root: fileURLToPath(url) };
    } catch {
      return { problem: `STORAGE_URL must be ${USAGE}: file:// takes an absolute path and no host` };
    }
  }
  if (url.protocol === 's3:') {
    if (url.username || url.password) {
      return { problem: 'STORAGE_URL must not carry credentials: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY' };
    }
    if (url.port || url.search || url.hash) {
      return { problem: `STORAGE_URL must be ${USAGE} (the endpoint goes in S3_ENDPOINT, nothing after the path)` };
    }
    const bucket = url.hostname;
    if (!bucket) return { problem: `STORAGE_URL needs a bucket name: ${USAGE}` };
    if (!BUCKET_NAME.test(bucket) || bucket.includes('..')) {
      return { problem: 'STORAGE_URL names an invalid bucket: 3-63 lowercase letters, digits, dots and hyphens' };
    }
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return { problem: 'STORAGE_URL has a badly encoded prefix' };
    }
    const segments = path.split('/').filter(Boolean);
    if (segments.some((s) => s === '.' || s === '..' || s.includes('\0'))) {
      return { problem: 'STORAGE_URL prefix must not contain . or .. segments' };
    }
    return { kind: 's3', bucket, prefix: segments.length ? `${segments.join('/')}/` : '' };
  }
  return { problem: `STORAGE_URL must be ${USAGE}; the scheme ${url.protocol.replace(/:$/, '')}:// is not supported` };
}

/** S3_ENDPOINT: an http(s) origin (a path is allowed for stores behind a proxy), or a message. */
export function s3EndpointProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'S3_ENDPOINT must be an http:// or https:// URL, such as http://127.0.0.1:9000';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'S3_ENDPOINT must be an http:// or https:// URL, such as http://127.0.0.1:9000';
  if (url.username || url.password)
    return 'S3_ENDPOINT must not carry credentials: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY';
  if (url.search || url.hash) return 'S3_ENDPOINT must have no query or fragment';
  return null;
}
