import { rm } from 'node:fs/promises';

/** Removes the run's temporary database and uploads. */
export default async function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes('live-connect-e2e-')) await rm(dir, { recursive: true, force: true });
}
