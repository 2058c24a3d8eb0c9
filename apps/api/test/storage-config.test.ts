import { describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env.ts';
import { createStorage } from '../src/lib/storage.ts';

function problemsOf(env: Record<string, string>): string {
  try {
    loadEnv({ NODE_ENV: 'test', ...env });
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('storage settings at boot', () => {
  it('keeps DATA_DIR/uploads as the default and takes file:// and s3:// URLs', () => {
    expect(createStorage(loadEnv({ NODE_ENV: 'test', DATA_DIR: '/tmp/lc-config' })).kind).toBe('file');
    expect(createStorage(loadEnv({ NODE_ENV: 'test', STORAGE_URL: '' })).kind).toBe('file');
    expect(createStorage(loadEnv({ NODE_ENV: 'test', STORAGE_URL: 'file:///srv/uploads' })).kind).toBe('file');
    const env = loadEnv({ NODE_ENV: 'test', STORAGE_URL: 's3://my-bucket/live/uploads' });
    expect(env).toMatchObject({ S3_REGION: 'us-east-1', S3_SIGNED_URL_SECONDS: 300 });
    expect(env.S3_ENDPOINT).toBeUndefined();
    expect(env.S3_FORCE_PATH_STYLE).toBeUndefined();
    expect(createStorage(env).kind).toBe('s3');
    expect(
      loadEnv({
        NODE_ENV: 'test',
        STORAGE_URL: 's3://media.example.com',
        S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com',
        S3_REGION: 'auto',
        S3_FORCE_PATH_STYLE: 'false',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_SIGNED_URL_SECONDS: '60',
      }),
    ).toMatchObject({ S3_REGION: 'auto', S3_FORCE_PATH_STYLE: false, S3_SIGNED_URL_SECONDS: 60 });
  });

  it('signs URLs on the endpoint, in path style by default with one, in host style without', async () => {
    const minio = createStorage(
      loadEnv({
        NODE_ENV: 'test',
        STORAGE_URL: 's3://bucket',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 'b',
      }),
    );
    expect(await minio.signedGetUrl('x.pdf')).toMatch(/^http:\/\/127\.0\.0\.1:9000\/bucket\/x\.pdf\?/);
    const hosted = createStorage(
      loadEnv({
        NODE_ENV: 'test',
        STORAGE_URL: 's3://bucket',
        S3_ENDPOINT: 'https://s3.example.com',
        S3_FORCE_PATH_STYLE: 'false',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 'b',
      }),
    );
    expect(await hosted.signedGetUrl('x.pdf')).toMatch(/^https:\/\/bucket\.s3\.example\.com\/x\.pdf\?/);
    const aws = createStorage(
      loadEnv({
        NODE_ENV: 'test',
        STORAGE_URL: 's3://bucket/p',
        S3_REGION: 'eu-west-1',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 'b',
      }),
    );
    expect(await aws.signedGetUrl('x.pdf')).toMatch(/^https:\/\/bucket\.s3\.eu-west-1\.amazonaws\.com\/p\/x\.pdf\?/);
  });

  it('refuses a bad STORAGE_URL with a configuration error naming the variable', () => {
    const cases: [string, string][] = [
      [
        'http://bucket',
        'STORAGE_URL: STORAGE_URL must be file:///absolute/path or s3://bucket[/prefix]; the scheme http:// is not supported',
      ],
      ['gs://bucket', 'the scheme gs:// is not supported'],
      ['s3://', 'STORAGE_URL: STORAGE_URL needs a bucket name'],
      ['s3:///prefix', 'STORAGE_URL: STORAGE_URL needs a bucket name'],
      ['s3://Bad_Bucket', 'STORAGE_URL: STORAGE_URL names an invalid bucket'],
      ['s3://ab', 'STORAGE_URL names an invalid bucket'],
      ['s3://bucket/a%2F..%2F..%2Fother', 'STORAGE_URL: STORAGE_URL prefix must not contain . or .. segments'],
      ['s3://key:secret@bucket', 'STORAGE_URL: STORAGE_URL must not carry credentials'],
      ['s3://bucket:9000', 'the endpoint goes in S3_ENDPOINT'],
      ['uploads', 'STORAGE_URL: STORAGE_URL must be a URL'],
      [
        'file://relative/path',
        'STORAGE_URL: STORAGE_URL must be file:///absolute/path or s3://bucket[/prefix]: file:// takes an absolute path and no host',
      ],
    ];
    for (const [value, message] of cases) {
      const problems = problemsOf({ STORAGE_URL: value });
      expect(problems, value).toMatch(/^Invalid configuration:\n/);
      expect(problems, value).toContain(message);
      if (value.includes('secret')) expect(problems).not.toContain('secret');
    }
  });

  it("refuses a bad S3 endpoint, half a key pair and signed URLs beyond S3's week", () => {
    for (const endpoint of ['127.0.0.1:9000', 'ftp://minio:9000', 'not a url']) {
      expect(problemsOf({ STORAGE_URL: 's3://bucket', S3_ENDPOINT: endpoint }), endpoint).toContain(
        'S3_ENDPOINT: S3_ENDPOINT must be an http:// or https:// URL, such as http://127.0.0.1:9000',
      );
    }
    expect(problemsOf({ STORAGE_URL: 's3://bucket', S3_ACCESS_KEY_ID: 'id' })).toContain(
      'S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
    expect(problemsOf({ STORAGE_URL: 's3://bucket', S3_SECRET_ACCESS_KEY: 'secret' })).toContain(
      'S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
    expect(problemsOf({ S3_SIGNED_URL_SECONDS: '604801' })).toContain(
      'S3_SIGNED_URL_SECONDS: S3_SIGNED_URL_SECONDS must be at most 604800',
    );
    expect(problemsOf({ S3_SIGNED_URL_SECONDS: '0' })).toContain('S3_SIGNED_URL_SECONDS');
    expect(problemsOf({ S3_FORCE_PATH_STYLE: 'maybe' })).toContain('S3_FORCE_PATH_STYLE');
  });
});
