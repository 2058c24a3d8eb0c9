import { existsSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createDatabase, migrateDatabase, type Database } from '@app/db';
import type { Env } from './env.ts';
import type { AppContext } from './context.ts';
import { createMailer } from './services/mail/index.ts';
import { createRateLimits, type LimitRules } from './lib/rate-limits.ts';
import { createStorage, storageBrowserOrigin } from './lib/storage.ts';
import { answerError, errorsPlugin } from './plugins/errors.ts';
import { xsrfPlugin } from './plugins/xsrf.ts';
import { isJsonContentType, jsonSecurityHeaders, staticSecurityHeaders } from './plugins/security-headers.ts';
import { LazyRequestLogger, type ParentLogger } from './lib/lazy-request-logger.ts';
import { loadWebPages } from './lib/web-pages.ts';
import { authPlugin } from './plugins/auth.ts';
import { wellFormedTextPlugin } from './plugins/well-formed-text.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { apiRoutes } from './routes/index.ts';
import { healthRoutes } from './routes/health.ts';
import { devRoutes } from './routes/dev/index.ts';
import { testClock } from './lib/test-clock.ts';
import { mediaRoutes } from './routes/media/index.ts';
import { sandboxRoutes } from './routes/sandbox/index.ts';
import { createPaymentProvider } from './services/payments/index.ts';
import { createQueue, type WorkerSettings } from './jobs/queue.ts';
import { jobDefinitions } from './jobs/definitions.ts';
import { createCaches } from './services/database/index.ts';
import { createBannerHint } from './services/catalogue/index.ts';

export const API_PREFIX = '/live-connect/api';
/** The web app's dashboard (apps/web/src/config/paths.ts), where signing in lands. */
const DASHBOARD_PATH = '/dashboard';

export interface BuildOptions {
  env: Env;
  /** An open database; otherwise one is opened from env and closed with the app. */
  database?: Database;
  /** Tests override limits to exercise them quickly or keep them out of the way. */
  rateLimits?: Partial<LimitRules>;
  /**
   * The job worker (mail, the reconciler's schedule, transcoding) in this process: on by default
   * unless WORKER=false, off with NODE_ENV=test unless asked for here.
   */
  worker?: boolean | WorkerSettings;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
}

/** The built server; `ctx` on it is declared once, in context.ts. */
export type App = FastifyInstance;

/** Loopback, private, link-local and carrier-grade NAT ranges: where compose and Kubernetes proxies live. */
const PRIVATE_NETWORKS = new BlockList();
for (const [net, bits] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
] as const) {
  PRIVATE_NETWORKS.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE_NETWORKS.addSubnet(net, bits, 'ipv6');

/**
 * TRUST_PROXY=n: the n nearest hops are trusted proxies, provided each is on a private or loopback
 * network, so a client that reaches the server directly cannot choose its address. (Fastify 5.12+
 * trusts nothing for a bare hop count, so the count is turned into this function.)
 */
function trustedProxies(hops: number): false | ((address: string, hop: number) => boolean) {
  if (!hops) return false;
  return (address, hop) => {
    const family = isIP(address);
    return hop < hops && family !== 0 && PRIVATE_NETWORKS.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** Query parameters that work as credentials (the signature of a signed file link): masked in logs. */
const CREDENTIAL_QUERY = /([?&](?:s|sig|signature|token|code|otp)=)[^&#]*/gi;
/**
 * Path segments that work as credentials, masked in logs too: a guardian's consent link (its token opens the
 * consent page, the child's purchases and the withdrawal of consent, in the API and the web page alike) and an
 * HLS playlist's signed segment (`/hls/<version>/<user>-<expiry>-<signature>/`).
 */
const CREDENTIAL_PATH = /(\/guardian\/consent\/|\/hls\/[^/?#]+\/)[^/?#]+/g;

/** Fastify's request log fields, with credential-like query values masked. Headers are never logged. */
function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(CREDENTIAL_QUERY, '$1[Redacted]').replace(CREDENTIAL_PATH, '$1[Redacted]'),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Builds the whole server without listening: server.ts listens, tests call app.inject. */
export async function buildApp(options: BuildOptions): Promise<App> {
  const { env } = options;
  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await createDatabase({
      url: env.DATABASE_URL,
      dataDir: `${env.DATA_DIR}/db`,
    }));
  await migrateDatabase(database);
  // Logs arrive once the feed starts, after `app` below exists.
  const caches = createCaches(database, {
    info: (obj, msg) => app.log.info(obj, msg),
    warn: (obj, msg) => app.log.warn(obj, msg),
  });

  const workerOption = options.worker ?? (env.WORKER && env.NODE_ENV !== 'test');
  const jobs = createQueue(database, {
    definitions: jobDefinitions,
    worker: workerOption === true ? {} : workerOption,
    // Logs arrive once jobs run, after `app` below exists.
    log: {
      info: (obj, msg) => app.log.info(obj, msg),
      warn: (obj, msg) => app.log.warn(obj, msg),
      error: (obj, msg) => app.log.error(obj, msg),
    },
  });

  const now = options.now ?? (env.TEST_HOOKS ? testClock.now : () => new Date());
  const ctx: AppContext = {
    env,
    database,
    db: database.db,
    mailer: createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      db: database.db,
      secret: env.APP_SECRET,
      enqueue: (data) => jobs.enqueue('mail', data),
      // Logs arrive on later ticks, after `app` below exists.
      log: {
        info: (obj, msg) => app.log.info(obj, msg),
        warn: (obj, msg) => app.log.warn(obj, msg),
        error: (obj, msg) => app.log.error(obj, msg),
      },
    }),
    limits: createRateLimits({
      redisUrl: env.REDIS_URL,
      rules: options.rateLimits,
      // Errors arrive on later ticks, after `app` below exists.
      onRedisDown: (error) =>
        app.log.warn({ err: error }, 'Redis unreachable: rate limits count per instance until it is back'),
    }),
    storage: createStorage(env),
    payments: createPaymentProvider({ env, db: database.db, now }),
    now,
    jobs,
    caches,
  };

  // helmet's headers are fixed strings, worked out once here and set in one call per answer
  // (plugins/security-headers.ts): documents, scripts and files get them all (chapter files, videos and
  // images may be signed URLs on the bucket's own origin, which the CSP names); a JSON answer, which no
  // browser renders, gets the short set. Set when the answer's type is known, so an error, a 404 or a
  // file is covered as well as a route's answer. Every answer also carries its request id (the proxy's
  // or client's x-request-id, else a new UUID) for log lookups.
  const isProduction = env.NODE_ENV === 'production';
  const documentHeaders = staticSecurityHeaders({ isProduction, storageOrigin: storageBrowserOrigin(env) });
  const jsonHeaders = jsonSecurityHeaders(documentHeaders);
  const app = Fastify({
    logger: options.logger ?? {
      level: env.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]'],
      serializers: { req: loggedRequest },
    },
    // A request's logger is made only when something is logged (lib/lazy-request-logger.ts).
    ...(options.logger === false
      ? {}
      : {
          childLoggerFactory: (logger, bindings, childOptions) =>
            new LazyRequestLogger(logger as ParentLogger, bindings, childOptions),
        }),
    trustProxy: trustedProxies(env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { maxParamLength: 200 },
    // A malformed URL (bad percent-encoding) or an over-long path parameter is answered before any
    // route, hook or error handler runs: this puts those answers in the envelope too, with the headers
    // of a JSON answer.
    frameworkErrors: (error, request, reply) => {
      reply.headers(jsonHeaders).header('x-request-id', request.id);
      return answerError(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  await caches.feed.start();
  app.addHook('onSend', (request, reply, payload, done) => {
    reply
      .headers(isJsonContentType(reply.getHeader('content-type')) ? jsonHeaders : documentHeaders)
      .header('x-request-id', request.id);
    done(null, payload);
  });
  await app.register(errorsPlugin);
  // The API's map is for developers: left out of production unless API_DOCS asks for it.
  if (env.API_DOCS ?? !isProduction)
    await app.register(openapiPlugin, { title: `${env.APP_NAME} API`, prefix: API_PREFIX });
  await app.register(xsrfPlugin, { secureCookies: isProduction });
  await app.register(authPlugin, { ctx, prefix: API_PREFIX });
  await app.register(wellFormedTextPlugin);
  await app.register(metricsPlugin, { ctx });

  await app.register(healthRoutes);
  await app.register(devRoutes);
  await app.register(mediaRoutes);
  await app.register(sandboxRoutes);
  await app.register(apiRoutes, { prefix: API_PREFIX });

  // A relative WEB_DIST is taken from the working directory (the static plugin wants an absolute root).
  const webDist = env.WEB_DIST && resolve(env.WEB_DIST);
  if (webDist && existsSync(webDist)) {
    // The web build writes .br and .gz beside each text file: sent to browsers that accept them. The encoding is
    // added to what the answer already varies on (a page varies on the language too).
    const compressed = {
      preCompressed: true,
      setHeaders: (reply: FastifyReply) => {
        const vary = reply.getHeader('vary');
        reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
      },
    };
    // Hashed names change with each build, so browsers keep /assets for a year without asking again.
    await app.register(fastifyStatic, {
      root: join(webDist, 'assets'),
      prefix: '/assets/',
      wildcard: false,
      maxAge: '365d',
      immutable: true,
      decorateReply: false,
      ...compressed,
    });
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      maxAge: '1h',
      globIgnore: ['assets/**'],
      ...compressed,
    });
    // The build's page for each path (lib/web-pages.ts: route chunks preloaded, public pages pre-rendered).
    const webPages = loadWebPages(webDist);
    const bannerHint = createBannerHint(ctx);
    // Other client routes (/, /login/extra, …) get the app shell; a missing file (/assets/x.js) is a 404,
    // not the shell, so a stale page fails loudly instead of parsing HTML as JavaScript.
    app.get('/*', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (path.startsWith(API_PREFIX) || /\.[a-z0-9]+$/i.test(path)) {
        throw Object.assign(new Error('Not found'), { statusCode: 404 });
      }
      const file = webPages.fileFor(path, {
        cookie: request.headers.cookie,
        acceptLanguage: request.headers['accept-language'],
      });
      // The dashboard's largest paint is its banner, whose URL comes from GET /ads: the page names it, so a phone
      // fetches it beside the scripts instead of after them and the API's answer.
      const banner = path === DASHBOARD_PATH ? await bannerHint() : null;
      if (banner && !/[\s<>,;]/.test(banner))
        reply.header('link', `<${banner}>; rel=preload; as=image; fetchpriority=high`);
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'cookie, accept-language')
        .sendFile(file, { cacheControl: false });
    });
  }

  if (jobs.isWorker) await jobs.startWorker(ctx);

  app.addHook('onClose', async () => {
    // A job still running after the worker's stopTimeoutMs (8 s, inside server.ts's 10 s grace) is given back to the queue.
    await jobs.stop();
    await ctx.limits.close();
    await caches.feed.close();
    if (ownsDatabase) await database.close();
  });
  return app;
}
