import { createServer } from 'node:http';
import closeWithGrace from 'close-with-grace';
import { loadEnv } from './env.ts';
import { buildApp } from './app.ts';
import { failStalledTranscodes } from './services/video/index.ts';

/**
 * `npm run worker`: runs the queued jobs (mail, the reconciler's schedule, transcoding) and nothing
 * else, for deployments whose API instances run with WORKER=false. It builds the same app as the
 * API (same context, migrations and job definitions) but takes no API traffic: it listens on
 * HOST:PORT only for GET /healthz and GET /metrics (this worker's job and mail counters; same
 * METRICS_TOKEN rule as the API).
 */
const env = loadEnv();
if (!env.DATABASE_URL) {
  console.error(
    'npm run worker needs DATABASE_URL (PostgreSQL): with the embedded database, the API process (npm start) runs the jobs itself.',
  );
  process.exit(1);
}
// A transcode gets 50 s to finish on SIGTERM (the Deployment allows 60), then goes back to the queue.
const app = await buildApp({ env, worker: { stopTimeoutMs: 50_000 } });
await app.ready();
const stalled = await failStalledTranscodes(app.ctx);
if (stalled.length > 0) app.log.warn({ subjectIds: stalled }, 'stalled transcodes marked failed');

const server = createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0];
  if (req.method !== 'GET' || (path !== '/healthz' && path !== '/metrics')) {
    res.writeHead(404).end();
    return;
  }
  const authorization = req.headers.authorization;
  app.inject({ method: 'GET', url: path, headers: authorization ? { authorization } : {} }).then(
    (answer) => {
      const type = answer.headers['content-type'];
      res.writeHead(answer.statusCode, type ? { 'content-type': String(type) } : {}).end(answer.rawPayload);
    },
    () => res.writeHead(500).end(),
  );
});

closeWithGrace({ delay: 55_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'worker closing after error');
  else app.log.info({ signal }, 'worker shutting down');
  server.close();
  await app.close();
});

server.listen(env.PORT, env.HOST, () => app.log.info({ port: env.PORT }, 'job worker running'));
