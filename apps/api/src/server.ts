import closeWithGrace from 'close-with-grace';
import { loadEnv } from './env.ts';
import { buildApp } from './app.ts';
import { describeSeedResult, seedDemoData, shouldSeedDemo } from './cli/demo-seed.ts';

const env = loadEnv();
const app = await buildApp({ env });
// An empty database gets the demo (courses, demo accounts) so a newcomer sees a living product.
if (shouldSeedDemo(env)) app.log.info(describeSeedResult(await seedDemoData(app.ctx)));

closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'closing after error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

await app.listen({ port: env.PORT, host: env.HOST });
