import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env.ts';
import { createStorage, UnsupportedStorageOperation, type Storage } from '../src/lib/storage.ts';
import { startS3Server, type TestS3Server } from './s3-server.ts';

const MB = 1024 * 1024;

/** `total` bytes of a repeatable pattern, made chunk by chunk as the stream is read. */
function generated(total: number, chunkBytes = 64 * 1024): { stream: Readable; sha256: () => string } {
  const hash = createHash('sha256');
  let sent = 0;
  const stream = Readable.from(
    (function* () {
      while (sent < total) {
        const chunk = Buffer.alloc(Math.min(chunkBytes, total - sent));
        for (let i = 0; i + 4 <= chunk.length; i += 4) chunk.writeUInt32LE((sent + i) >>> 0, i);
        hash.update(chunk);
        sent += chunk.length;
        yield chunk;
      }
    })(),
  );
  return { stream, sha256: () => hash.digest('hex') };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function sha256Of(stream: Readable): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

// (`/../x` is not among them: a leading slash is dropped and `/..` is `/`, so it is `x`, inside the root.)
const UNSAFE_KEYS = [
  '../outside.txt',
  'a/../../outside.txt',
  '../../etc/passwd',
  'a/../..',
  '',
  '.',
  'dir/',
  'nul\0.txt',
];

interface Backend {
  name: 'file' | 's3';
  storage: () => Storage;
}

let s3: TestS3Server;
let fileRoot: string;
let fileStorage: Storage;
let s3Storage: Storage;

beforeAll(async () => {
  s3 = await startS3Server();
  fileRoot = await mkdtemp(join(tmpdir(), 'lc-storage-'));
  fileStorage = createStorage(loadEnv({ NODE_ENV: 'test', STORAGE_URL: `file://${fileRoot}` }));
  // A prefix, as a shared bucket would have: every key lands under it.
  s3Storage = createStorage(loadEnv({ NODE_ENV: 'test', ...s3.env('live-connect/uploads') }));
});

afterAll(async () => {
  await s3.close();
  await rm(fileRoot, { recursive: true, force: true });
});

const backends: Backend[] = [
  { name: 'file', storage: () => fileStorage },
  { name: 's3', storage: () => s3Storage },
];

describe.each(backends)('$name storage', ({ name, storage }) => {
  const key = (path: string) => `contract/${name}/${path}`;

  it('stores, reads whole and by range, sizes and deletes a file', async () => {
    const body = Buffer.from('0123456789abcdefghij');
    await storage().put(key('a.txt'), body, 'text/plain');
    expect(await storage().size(key('a.txt'))).toBe(20);
    const whole = await storage().get(key('a.txt'));
    expect(whole!.size).toBe(20);
    expect((await readAll(whole!.stream)).toString()).toBe('0123456789abcdefghij');
    const middle = await storage().get(key('a.txt'), { start: 5, end: 9 });
    expect(middle!.size).toBe(20);
    expect((await readAll(middle!.stream)).toString()).toBe('56789');
    const last = await storage().get(key('a.txt'), { start: 19, end: 19 });
    expect((await readAll(last!.stream)).toString()).toBe('j');

    await storage().put(key('a.txt'), Buffer.from('replaced'), 'text/plain');
    expect((await readAll((await storage().get(key('a.txt')))!.stream)).toString()).toBe('replaced');

    await storage().delete(key('a.txt'));
    expect(await storage().get(key('a.txt'))).toBeNull();
    expect(await storage().size(key('a.txt'))).toBeNull();
    await storage().delete(key('a.txt')); // deleting what is gone is no error
  });

  it('answers null for a missing key', async () => {
    expect(await storage().get(key('missing.pdf'))).toBeNull();
    expect(await storage().get(key('missing.pdf'), { start: 0, end: 9 })).toBeNull();
    expect(await storage().size(key('missing.pdf'))).toBeNull();
  });

  it('refuses keys that leave the storage root', async () => {
    for (const bad of UNSAFE_KEYS) {
      await expect(storage().put(bad, Buffer.from('x'), 'text/plain'), bad).rejects.toThrow(/unsafe storage key/);
      await expect(storage().putStream(bad, Readable.from([Buffer.from('x')]), 'text/plain'), bad).rejects.toThrow(
        /unsafe storage key/,
      );
      await expect(storage().get(bad), bad).rejects.toThrow(/unsafe storage key/);
      await expect(storage().size(bad), bad).rejects.toThrow(/unsafe storage key/);
      await expect(storage().delete(bad), bad).rejects.toThrow(/unsafe storage key/);
      await expect(storage().signedGetUrl(bad), bad).rejects.toThrow(/unsafe storage key/);
    }
    await expect(storage().list('../')).rejects.toThrow(/unsafe storage key/);
    if (name === 'file') expect(await readdir(join(fileRoot, '..'))).not.toContain('outside.txt');
  });

  it('streams 20 MB in without buffering it and reads back the same bytes', async () => {
    const source = generated(20 * MB);
    expect(await storage().putStream(key('big.bin'), source.stream, 'application/octet-stream')).toEqual({
      size: 20 * MB,
    });
    expect(await storage().size(key('big.bin'))).toBe(20 * MB);
    expect(await sha256Of((await storage().get(key('big.bin')))!.stream)).toEqual({
      sha256: source.sha256(),
      bytes: 20 * MB,
    });
    // A range across the first 8 MB part boundary comes back as the generator made it.
    const across = await readAll((await storage().get(key('big.bin'), { start: 8 * MB - 4, end: 8 * MB + 3 }))!.stream);
    expect([across.readUInt32LE(0), across.readUInt32LE(4)]).toEqual([8 * MB - 4, 8 * MB]);
    await storage().delete(key('big.bin'));
  });

  it('streams a small file in one piece, and an empty one', async () => {
    expect(
      await storage().putStream(
        key('small.txt'),
        Readable.from([Buffer.from('hello '), Buffer.from('world')]),
        'text/plain',
      ),
    ).toEqual({ size: 11 });
    expect((await readAll((await storage().get(key('small.txt')))!.stream)).toString()).toBe('hello world');
    expect(await storage().putStream(key('empty.txt'), Readable.from([]), 'text/plain')).toEqual({ size: 0 });
    expect(await storage().size(key('empty.txt'))).toBe(0);
  });

  it('leaves nothing under the key when the stream fails half way', async () => {
    const failing = Readable.from(
      (async function* () {
        yield randomBytes(9 * MB); // past the first multipart part on S3
        throw new Error('client went away');
      })(),
    );
    await expect(storage().putStream(key('broken.bin'), failing, 'application/octet-stream')).rejects.toThrow(
      'client went away',
    );
    expect(await storage().size(key('broken.bin'))).toBeNull();
    expect(await storage().list(key(''))).not.toContain(key('broken.bin'));
    if (name === 'file')
      expect(await readdir(join(fileRoot, key('')))).not.toContainEqual(expect.stringContaining('broken.bin'));
  });

  it('lists the keys under a prefix', async () => {
    await storage().put(key('list/one.txt'), Buffer.from('1'), 'text/plain');
    await storage().put(key('list/deeper/two.txt'), Buffer.from('2'), 'text/plain');
    await storage().put(key('listed-not.txt'), Buffer.from('3'), 'text/plain');
    expect((await storage().list(key('list/'))).sort()).toEqual([key('list/deeper/two.txt'), key('list/one.txt')]);
    expect(await storage().list(key('nothing-here/'))).toEqual([]);
  });

  if (name === 'file') {
    it('has no signed URLs or presigned uploads: the API serves and receives the bytes itself', async () => {
      await storage().put(key('served.pdf'), Buffer.from('%PDF-'), 'application/pdf');
      expect(await storage().signedGetUrl(key('served.pdf'), { expiresInSeconds: 60 })).toBeNull();
      expect(await storage().createUpload(key('upload.mp4'), 'video/mp4')).toBeNull();
      await expect(storage().signUploadPart(key('upload.mp4'), 'id', 1)).rejects.toBeInstanceOf(
        UnsupportedStorageOperation,
      );
      await expect(storage().completeUpload(key('upload.mp4'), 'id', [])).rejects.toBeInstanceOf(
        UnsupportedStorageOperation,
      );
      await expect(storage().abortUpload(key('upload.mp4'), 'id')).rejects.toBeInstanceOf(UnsupportedStorageOperation);
    });
  }

  if (name === 's3') {
    it('keeps every key under the STORAGE_URL prefix', async () => {
      await storage().put(key('prefixed.txt'), Buffer.from('p'), 'text/plain');
      const url = new URL((await storage().signedGetUrl(key('prefixed.txt')))!);
      expect(url.pathname).toBe(`/${s3.bucket}/live-connect/uploads/${key('prefixed.txt')}`);
    });

    it('hands out signed URLs that serve the bytes, honour Range, and expire', async () => {
      const body = randomBytes(100_000);
      await storage().put(key('chapter.pdf'), body, 'application/octet-stream');
      // 2 s, not 1: the signing time is whole seconds, so a 1 s link signed late in a second can be
      // expired by the time a loaded machine fetches it.
      const url = (await storage().signedGetUrl(key('chapter.pdf'), {
        contentType: 'application/pdf',
        expiresInSeconds: 2,
      }))!;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('2');

      const whole = await fetch(url);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await whole.arrayBuffer()).equals(body)).toBe(true);
      const part = await fetch(url, { headers: { range: 'bytes=1000-1999' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe('bytes 1000-1999/100000');
      expect(Buffer.from(await part.arrayBuffer()).equals(body.subarray(1000, 2000))).toBe(true);

      await new Promise((resolve) => setTimeout(resolve, 3000));
      const expired = await fetch(url);
      expect(expired.status).toBe(403);
      expect(await expired.text()).toContain('Request has expired');
    });

    it('signs URLs for S3_PUBLIC_ENDPOINT, the address browsers reach the bucket at, while it talks to S3_ENDPOINT', async () => {
      const endpoint = new URL(s3.env('x').S3_ENDPOINT!);
      const publicEndpoint = `http://localhost:${endpoint.port}`;
      const behindProxy = createStorage(
        loadEnv({ NODE_ENV: 'test', ...s3.env('live-connect/uploads'), S3_PUBLIC_ENDPOINT: publicEndpoint }),
      );
      await behindProxy.put(key('public.txt'), Buffer.from('through the public address'), 'text/plain');
      const url = (await behindProxy.signedGetUrl(key('public.txt')))!;
      expect(url.startsWith(`${publicEndpoint}/`)).toBe(true);
      expect(await (await fetch(url)).text()).toBe('through the public address');
    });

    it('signs downloads under a given name, for S3_SIGNED_URL_SECONDS by default', async () => {
      await storage().put(key('certificate.pdf'), Buffer.from('%PDF-1.4'), 'application/pdf');
      const url = (await storage().signedGetUrl(key('certificate.pdf'), { downloadName: 'Certificate – Asha.pdf' }))!;
      expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('300');
      const answer = await fetch(url);
      expect(answer.headers.get('content-disposition')).toBe(
        `attachment; filename="Certificate _ Asha.pdf"; filename*=UTF-8''${encodeURIComponent('Certificate – Asha.pdf')}`,
      );
    });

    it('takes a browser upload: presigned part URLs, plain HTTP PUTs, then complete', async () => {
      const first = randomBytes(5 * MB);
      const second = randomBytes(1234);
      const uploadId = (await storage().createUpload(key('browser.mp4'), 'video/mp4'))!;
      expect(uploadId).toEqual(expect.any(String));
      const parts = [];
      // The second part first: a browser may send parts in any order, several at once.
      for (const [partNumber, body] of [
        [2, second],
        [1, first],
      ] as const) {
        const url = await storage().signUploadPart(key('browser.mp4'), uploadId, partNumber, { expiresInSeconds: 60 });
        expect(new URL(url).searchParams.get('partNumber')).toBe(String(partNumber));
        const put = await fetch(url, { method: 'PUT', body });
        expect(put.status).toBe(200);
        parts.push({ partNumber, etag: put.headers.get('etag')! });
      }
      expect(await storage().size(key('browser.mp4'))).toBeNull(); // nothing until completed
      await storage().completeUpload(key('browser.mp4'), uploadId, parts);
      expect(await storage().size(key('browser.mp4'))).toBe(first.length + second.length);
      const stored = await readAll((await storage().get(key('browser.mp4')))!.stream);
      expect(stored.equals(Buffer.concat([first, second]))).toBe(true);
      await expect(storage().signUploadPart(key('browser.mp4'), uploadId, 10_001)).rejects.toThrow(/part number/);
    });
  }
});
