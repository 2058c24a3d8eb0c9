/**
 * `npm run db:seed`: migrates, then seeds the demo into the database of DATABASE_URL or the
 * PGlite under DATA_DIR (files go to STORAGE_URL or DATA_DIR/uploads). Does nothing to a database
 * that has users. In production it runs only with SEED_DEMO=true.
 */
import { buildApp } from '../app.ts';
import { loadEnv } from '../env.ts';
import { describeSeedResult, seedDemoData } from './demo-seed.ts';

const env = loadEnv();
if (env.NODE_ENV === 'production' && env.SEED_DEMO !== true) {
  console.error(
    'Refusing to seed demo accounts (published passwords) in production. Set SEED_DEMO=true to do it anyway.',
  );
  process.exit(1);
}
const app = await buildApp({ env, logger: false });
try {
  const started = Date.now();
  const result = await seedDemoData(app.ctx);
  console.log(`${describeSeedResult(result)} (${app.ctx.database.kind}, ${Date.now() - started} ms)`);
} finally {
  await app.close();
}
