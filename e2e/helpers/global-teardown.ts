import { rm } from 'node:fs/promises';

/**
 * Removes the run's temporary database and uploads. The servers may still be writing there (a demo video's HLS
 * segments in a short run): rm retries a folder that gained a file meanwhile (ENOTEMPTY).
 */
export default async function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes('live-connect-e2e-'))
    await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}
