import closeWithGrace from 'close-with-grace';
import { loadEnv } from './env.ts';
import { buildApp } from './app.ts';
import { describeSeedResult, seedDemoData, shouldSeedDemo } from './cli/demo-seed.ts';
import { failStalledTranscodes, listVideosToTranscode, scheduleTranscode } from './services/video/index.ts';

let env: ReturnType<typeof loadEnv>;
try {
  env = loadEnv();
} catch (error) {
  // A configuration mistake is the operator's to fix: the list of problems, not a stack trace.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const app = await buildApp({ env });
// A transcode left 'running' by a worker that died during its last attempt ends 'failed' ('Transcode again').
const stalled = await failStalledTranscodes(app.ctx);
if (stalled.length > 0) app.log.warn({ subjectIds: stalled }, 'stalled transcodes marked failed');
// An empty database gets the demo (courses, demo accounts) so a newcomer sees a living product.
if (shouldSeedDemo(env)) {
  app.log.info(describeSeedResult(await seedDemoData(app.ctx)));
  // The demo's video chapters become adaptive (HLS) in the background, like an operator's uploads.
  for (const subjectId of await listVideosToTranscode(app.ctx.db)) await scheduleTranscode(app.ctx, { subjectId });
}

closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'closing after error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

await app.listen({ port: env.PORT, host: env.HOST });
