import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** s3rver's built-in account (any other key is refused as InvalidAccessKeyId). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface TestS3Server {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** STORAGE_URL and S3_* pointing at this server, for createTestApp({ env }). */
  env: (prefix?: string) => Record<string, string>;
  close: () => Promise<void>;
}

/**
 * A real S3-protocol server (s3rver, from npm) on 127.0.0.1, a free port, a temp directory and one
 * empty bucket. s3rver checks presigned URLs' expiry but not V4 signatures themselves, and has no
 * AbortMultipartUpload.
 */
export async function startS3Server(bucket = 'test-bucket'): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'lc-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let closed = false;
  return {
    endpoint,
    bucket,
    env: (prefix = '') => ({
      STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    }),
    // Once: a test may stop the store early to see the app answer an outage.
    close: async () => {
      if (closed) return;
      closed = true;
      // The SDK keeps connections alive; close() would wait for them.
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
