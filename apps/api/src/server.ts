import closeWithGrace from 'close-with-grace';
import { loadEnv } from './env.ts';
import { buildApp } from './app.ts';

const env = loadEnv();
const app = await buildApp({ env });

closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'closing after error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

await app.listen({ port: env.PORT, host: env.HOST });
