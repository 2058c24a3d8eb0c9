import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertSafeKey, assertSafePrefix, type Storage } from './types.ts';

/** Multipart part size for putStream: what it holds in memory at once (S3's minimum is 5 MB). */
export const PART_BYTES = 8 * 1024 * 1024;

export interface S3StorageOptions {
  bucket: string;
  /** Prepended to every key: `''` or a folder ending in `/`. */
  prefix: string;
  /** Unset: AWS. Otherwise the store's URL (MinIO, R2, Spaces…). */
  endpoint?: string | undefined;
  /**
   * The address browsers reach the bucket at, when it is not `endpoint` (a CDN or proxy in front, or
   * a store the servers reach on an internal name): signed URLs are made for it.
   */
  publicEndpoint?: string | undefined;
  region: string;
  forcePathStyle: boolean;
  /** Unset: the SDK's default credential chain (environment, profile, instance or pod role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Default lifetime of signed URLs. */
  signedUrlSeconds: number;
}

/** A 404 from S3: NoSuchKey from GET, NotFound from HEAD (which has no body to name it). */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** `attachment` with an ASCII fallback name and the UTF-8 one (RFC 6266). */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Objects in an S3-compatible bucket, through the AWS SDK v3. Learners fetch them by signed URL. */
export function createS3Storage(options: S3StorageOptions): Storage {
  const clientFor = (endpoint: string | undefined) =>
    new S3Client({
      region: options.region,
      ...(endpoint ? { endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // Checksums only where S3 requires them: the SDK's default (CRC32 on every upload, aws-chunked
      // bodies) is refused by several S3-compatible stores, and a presigned part URL must not ask the
      // browser for a checksum header it cannot compute.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const client = clientFor(options.endpoint);
  // Signing makes no request: a second client only so that signed URLs name the public address.
  const signer = options.publicEndpoint ? clientFor(options.publicEndpoint) : client;
  const Bucket = options.bucket;
  const objectKey = (key: string) => `${options.prefix}${assertSafeKey(key)}`;
  const expiresIn = (seconds: number | undefined) => seconds ?? options.signedUrlSeconds;

  return {
    kind: 's3',
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },
    async putStream(key, stream, contentType) {
      const Key = objectKey(key);
      let uploadId: string | undefined;
      const parts: { PartNumber: number; ETag: string }[] = [];
      // One part-sized buffer, filled and sent again and again: a part is only refilled after its
      // PUT is answered, and no per-part copies pile up for the garbage collector (issue 14's bench).
      let part: Buffer | undefined;
      let filled = 0;
      let size = 0;
      const sendPart = async (body: Buffer) => {
        uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType: contentType })))
          .UploadId;
        const PartNumber = parts.length + 1;
        const answer = await client.send(
          new UploadPartCommand({
            Bucket,
            Key,
            UploadId: uploadId,
            PartNumber,
            Body: body,
            ContentLength: body.length,
          }),
        );
        parts.push({ PartNumber, ETag: answer.ETag ?? '' });
      };
      try {
        for await (const chunk of stream) {
          const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
          size += bytes.length;
          let offset = 0;
          while (offset < bytes.length) {
            part ??= Buffer.allocUnsafe(PART_BYTES);
            const copied = bytes.copy(part, filled, offset);
            filled += copied;
            offset += copied;
            if (filled === PART_BYTES) {
              await sendPart(part);
              filled = 0;
            }
          }
        }
        const last = part ? part.subarray(0, filled) : Buffer.alloc(0);
        if (uploadId === undefined) {
          // Smaller than one part: one PUT with its length known.
          await client.send(
            new PutObjectCommand({ Bucket, Key, Body: last, ContentType: contentType, ContentLength: last.length }),
          );
          return { size };
        }
        if (last.length > 0) await sendPart(last);
        await client.send(
          new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
        );
        return { size };
      } catch (error) {
        // The parts already stored cost money until aborted (a bucket lifecycle rule is the backstop).
        if (uploadId !== undefined)
          await client
            .send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId }))
            .catch(() => undefined);
        throw error;
      }
    },
    async get(key, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: objectKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        const total = /\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1];
        const size = total !== undefined ? Number(total) : (answer.ContentLength ?? 0);
        const body = answer.Body as Readable | undefined;
        return { stream: body ?? Readable.from([]), size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async size(key) {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }))).ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async list(prefix) {
      const Prefix = `${options.prefix}${assertSafePrefix(prefix)}`;
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key.slice(options.prefix.length));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys;
    },
    async signedGetUrl(key, signed = {}) {
      const command = new GetObjectCommand({
        Bucket,
        Key: objectKey(key),
        ...(signed.contentType ? { ResponseContentType: signed.contentType } : {}),
        ...(signed.downloadName ? { ResponseContentDisposition: attachment(signed.downloadName) } : {}),
      });
      return getSignedUrl(signer, command, { expiresIn: expiresIn(signed.expiresInSeconds) });
    },
    async createUpload(key, contentType) {
      const answer = await client.send(
        new CreateMultipartUploadCommand({ Bucket, Key: objectKey(key), ContentType: contentType }),
      );
      if (!answer.UploadId) throw new Error('the store answered CreateMultipartUpload without an UploadId');
      return answer.UploadId;
    },
    async signUploadPart(key, uploadId, partNumber, signed = {}) {
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000)
        throw new Error(`part number out of range: ${partNumber}`);
      const command = new UploadPartCommand({
        Bucket,
        Key: objectKey(key),
        UploadId: uploadId,
        PartNumber: partNumber,
      });
      return getSignedUrl(signer, command, { expiresIn: expiresIn(signed.expiresInSeconds) });
    },
    async completeUpload(key, uploadId, parts) {
      const Parts = [...parts]
        .sort((a, b) => a.partNumber - b.partNumber)
        .map((p) => ({ PartNumber: p.partNumber, ETag: p.etag }));
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key: objectKey(key),
          UploadId: uploadId,
          MultipartUpload: { Parts },
        }),
      );
    },
    async abortUpload(key, uploadId) {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: objectKey(key), UploadId: uploadId }));
    },
  };
}
