/**
 * `npm run storage:copy -- --to file:///backups/uploads-20261130 [--from s3://bucket/prefix]`
 *
 * Copies every uploaded file (chapter PDFs and videos, their HLS renditions, images, certificates' photos) from one
 * store to another, the keys unchanged: a bucket backed up into a folder (then archived like the uploads folder), the
 * uploads folder moved into a bucket before switching STORAGE_URL to it, or a restore the other way. `--from`
 * defaults to the app's own STORAGE_URL (or DATA_DIR/uploads); both take what STORAGE_URL takes, and an s3:// one
 * uses the S3_* settings. Files already in the target with the same size are skipped, so it can be run again after
 * an interruption. See docs/operations.md.
 */
import { parseArgs } from 'node:util';
import { loadEnv } from '../env.ts';
import { contentTypeOf, createStorage } from '../lib/storage.ts';
import { copyStorage } from '../lib/storage/copy-storage.ts';

const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
if (!values.to) {
  console.error('storage:copy: --to is required, e.g. --to file:///backups/uploads or --to s3://bucket');
  process.exit(2);
}
const env = loadEnv(process.env);
const from = createStorage(values.from ? { ...env, STORAGE_URL: values.from } : env);
const to = createStorage({ ...env, STORAGE_URL: values.to });
const started = Date.now();
const result = await copyStorage(from, to, {
  contentTypeOf: (key) => contentTypeOf(key) ?? 'application/octet-stream',
});
console.log(
  `storage:copy: ${result.copied} copied (${(result.bytes / 1_048_576).toFixed(1)} MB), ${result.skipped} already there, ` +
    `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
