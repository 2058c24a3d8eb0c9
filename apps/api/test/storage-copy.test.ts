import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env.ts';
import { createFileStorage, createStorage, type Storage } from '../src/lib/storage.ts';
import { startS3Server, type TestS3Server } from './s3-server.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));

async function bytesOf(storage: Storage, key: string): Promise<Buffer | null> {
  const file = await storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `npm run storage:copy` as an operator runs it: the CLI in its own process, the S3 settings in the environment. */
async function storageCopy(args: string[], env: Record<string, string>) {
  return run(process.execPath, [join(root, 'scripts/run-ts.mjs'), 'apps/api/src/cli/copy-storage.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', LOG_LEVEL: 'silent', DATA_DIR: work, ...env },
  });
}

let s3: TestS3Server;
let work: string;

beforeAll(async () => {
  s3 = await startS3Server();
  work = await mkdtemp(join(tmpdir(), 'lc-storage-copy-'));
});
afterAll(async () => {
  await s3?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('npm run storage:copy: uploaded files leave the machine and come back', () => {
  const files = {
    'private/subjects/notes.pdf': Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(64 * 1024)]),
    'private/hls/7/720p/segment-001.ts': randomBytes(300 * 1024),
    'courses/cover.png': randomBytes(1024),
    'users/photo.jpg': Buffer.alloc(0),
  };

  it('copies the uploads folder into a bucket and the bucket into a new folder, byte for byte, and skips what is there', async () => {
    const folder = join(work, 'uploads');
    const disk = createFileStorage(folder);
    for (const [key, body] of Object.entries(files)) await disk.put(key, body, 'application/octet-stream');
    const env: Record<string, string> = s3.env('copied');
    const bucket = createStorage(loadEnv({ ...env, NODE_ENV: 'test', DATA_DIR: work }));

    // Before switching STORAGE_URL to a bucket: the folder (the app's own store, by default) into it.
    const moved = await storageCopy(['--to', env.STORAGE_URL!], { ...env, STORAGE_URL: `file://${folder}` });
    expect(moved.stdout).toMatch(/4 copied .*, 0 already there/);
    for (const [key, body] of Object.entries(files)) expect((await bytesOf(bucket, key))?.equals(body), key).toBe(true);
    const contentType = await fetch((await bucket.signedGetUrl('private/subjects/notes.pdf'))!);
    expect(contentType.headers.get('content-type')).toBe('application/pdf');

    // Run again (an interrupted copy finished): nothing is sent twice.
    const again = await storageCopy(['--to', env.STORAGE_URL!], { ...env, STORAGE_URL: `file://${folder}` });
    expect(again.stdout).toMatch(/0 copied .*, 4 already there/);

    // A backup of the bucket (the app's STORAGE_URL) into a folder, which backup.sh's archive step can then take.
    const backup = join(work, 'backup');
    const saved = await storageCopy(['--to', `file://${backup}`], env);
    expect(saved.stdout).toMatch(/4 copied/);
    const restored = createFileStorage(backup);
    expect((await restored.list('')).sort()).toEqual(Object.keys(files).sort());
    for (const [key, body] of Object.entries(files))
      expect((await bytesOf(restored, key))?.equals(body), key).toBe(true);
  });

  it('refuses to run without a target', async () => {
    await expect(storageCopy([], {})).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--to is required'),
    });
  });
});
