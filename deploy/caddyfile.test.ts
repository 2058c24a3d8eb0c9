import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { request } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * deploy/Caddyfile's storage site, run by Debian's Caddy in front of a stand-in for MinIO that answers every request:
 * only what browsers are handed signed links for gets through (decision 064).
 */
const CADDYFILE = fileURLToPath(new URL('./Caddyfile', import.meta.url));
const STORAGE_HOST = 'storage.localhost';

let upstream: Server;
let caddy: ChildProcess;
let home: string;
let httpsPort: number;
const reached: string[] = [];
const SIGNATURE =
  'X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Content-Sha256=UNSIGNED-PAYLOAD&X-Amz-Credential=a%2F20261201%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20261201T184645Z&X-Amz-Expires=60&X-Amz-Signature=82ce4d14&X-Amz-SignedHeaders=host';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** A request to the storage site, as a browser sends it; answers the status. */
function send(method: string, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: httpsPort,
        method,
        path,
        servername: STORAGE_HOST,
        headers: { ...headers, host: STORAGE_HOST },
        rejectUnauthorized: false, // Caddy's own local CA
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  upstream = createServer((req, res) => {
    reached.push(`${req.method} ${req.url}`);
    res.end('from the bucket');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  home = await mkdtemp(join(tmpdir(), 'caddy-'));
  httpsPort = await freePort();
  const storage = `127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  caddy = spawn('caddy', ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_DATA_HOME: home,
      XDG_CONFIG_HOME: home,
      CADDY_HTTP_PORT: String(await freePort()),
      CADDY_HTTPS_PORT: String(httpsPort),
      STORAGE_UPSTREAM: storage,
      API_UPSTREAMS: storage,
    },
    stdio: 'ignore',
  });
  // Ready once the storage site answers over TLS (its certificate is issued at start).
  for (let i = 0; ; i++) {
    try {
      await send('GET', '/live-connect/ready');
      break;
    } catch (error) {
      if (i > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}, 30_000);

afterAll(async () => {
  caddy?.kill();
  await new Promise((resolve) => upstream?.close(resolve));
  await rm(home, { recursive: true, force: true });
});

describe('the storage address in front of the bucket (deploy/Caddyfile)', () => {
  it('passes on the signed links browsers are handed: files read, and the parts of an upload', async () => {
    for (const [method, path] of [
      ['GET', '/live-connect/chapters/1/a.pdf?X-Amz-Signature=abc'],
      ['HEAD', '/live-connect/chapters/1/a.pdf'],
      ['OPTIONS', '/live-connect/uploads/v.mp4?partNumber=1&uploadId=u1'],
      ['PUT', '/live-connect/uploads/v.mp4?partNumber=1&uploadId=u1'],
      // As the API's S3 client signs them (lib/storage/s3.ts): a download, and a part of an upload.
      [
        'GET',
        `/live-connect/chapters/1/a%20b.pdf?${SIGNATURE}&response-content-disposition=attachment%3B%20filename%3D%22x.pdf%22&response-content-type=application%2Fpdf&x-amz-checksum-mode=ENABLED&x-id=GetObject`,
      ],
      [
        'PUT',
        `/live-connect/uploads/v.mp4?${SIGNATURE}&partNumber=3&uploadId=u1~x&x-amz-checksum-crc32=AAAAAA%3D%3D&x-amz-sdk-checksum-algorithm=CRC32&x-id=UploadPart`,
      ],
    ] as const)
      expect(await send(method, path), `${method} ${path}`).toBe(200);
  });

  it("ATTACK: refuses MinIO's own API from outside, whatever a request is signed with", async () => {
    reached.length = 0;
    for (const [method, path] of [
      ['GET', '/minio/admin/v3/info'],
      ['GET', '/minio/health/live'],
      ['GET', '/'], // every bucket
      ['GET', '/other-bucket/file'],
      ['PUT', '/live-connect/chapters/1/a.pdf'], // overwriting a file: only the API writes whole files
      ['DELETE', '/live-connect/chapters/1/a.pdf'],
      ['POST', '/live-connect/uploads/v.mp4?uploads'],
      ['PUT', '/live-connect?policy'],
      // MinIO picks the operation from the query: a key beside the part's, or a part without its number.
      ['PUT', '/live-connect/chapters/1/a.pdf?uploadId=x'], // PutObject: overwrites the file
      ['PUT', '/live-connect/?policy&uploadId=x&partNumber=1'], // the bucket's policy: made public
      ['PUT', '/live-connect/?lifecycle&uploadId=x&partNumber=1'], // an expiry rule deleting every file
      ['PUT', '/live-connect/k?tagging&uploadId=x&partNumber=1'],
      ['PUT', '/live-connect/k?tagging=&uploadId=x&partNumber=1'],
      ['PUT', '/live-connect/k?uploadId=x&partNumber=1&acl'],
      ['PUT', '/live-connect/k?uploadId=&partNumber=1'],
      ['GET', '/live-connect/?list-type=2'], // every file's name
      ['GET', '/live-connect/?X-Amz-Signature=abc'], // the bucket, listed
      ['GET', '/live-connect/?policy'],
      ['GET', '/live-connect/?uploads'],
      ['GET', '/live-connect/chapters/1/a.pdf?uploadId=x'], // ListParts
      ['GET', '/live-connect/chapters/1/a.pdf?tagging'],
    ] as const)
      expect(await send(method, path), `${method} ${path}`).toBe(403);
    // UploadPartCopy: a part made of any file in the bucket.
    const copy = { 'x-amz-copy-source': '/live-connect/chapters/1/a.pdf' };
    expect(await send('PUT', '/live-connect/uploads/v.mp4?partNumber=1&uploadId=u1', copy)).toBe(403);
    expect(reached).toEqual([]);
  });
});
