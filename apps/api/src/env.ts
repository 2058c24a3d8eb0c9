import { resolve } from 'node:path';
import { z } from 'zod';
import { findIndianState, gstinProblem } from '@app/contracts';
import { parseStorageUrl, s3EndpointProblem } from './lib/storage/storage-url.ts';

const DEV_SECRET = 'dev-secret-change-me-dev-secret-change-me';

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
/** A setting that is unset when empty or blank. */
const blankAsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());
const optionalText = blankAsUnset(z.string().trim());
const optionalEmail = blankAsUnset(z.email());

/** Named on the privacy page and the terms: production refuses to start without them. */
const LEGAL_KEYS = [
  'OPERATOR_LEGAL_NAME',
  'OPERATOR_ADDRESS',
  'CONTACT_EMAIL',
  'GRIEVANCE_OFFICER_NAME',
  'GRIEVANCE_OFFICER_EMAIL',
] as const;

/** Every setting of the server, parsed once at boot. Nothing else reads process.env. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    APP_URL: z
      .url()
      .default('http://localhost:3000')
      .transform((v) => v.replace(/\/+$/, '')),
    APP_NAME: z.string().default('Live Connect'),
    DATA_DIR: z
      .string()
      .default('./data')
      .transform((v) => resolve(v)),
    DATABASE_URL: optionalUrl,
    REDIS_URL: optionalUrl,
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Live Connect <no-reply@localhost>'),
    PAYMENT_PROVIDER: z.enum(['sandbox', 'razorpay']).default('sandbox'),
    /** Lets a production-mode demo run on the sandbox provider. */
    ALLOW_SANDBOX_PAYMENTS: z.stringbool().default(false),
    RAZORPAY_KEY_ID: z.string().optional(),
    RAZORPAY_KEY_SECRET: z.string().optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
    RAZORPAY_API_URL: z.url().default('https://api.razorpay.com'),
    /** `file:///path` or `s3://bucket[/prefix]`; unset: DATA_DIR/uploads. Checked below. */
    STORAGE_URL: optionalString,
    /** An S3-compatible store's URL (MinIO, R2, Spaces…); unset: AWS. */
    S3_ENDPOINT: optionalString,
    /** Where browsers reach the bucket, when not at S3_ENDPOINT (a CDN, or a proxy in front of an internal store). */
    S3_PUBLIC_ENDPOINT: optionalString,
    S3_REGION: z.string().min(1).default('us-east-1'),
    /** Bucket in the path rather than the host name; unset: true with S3_ENDPOINT, false on AWS. */
    S3_FORCE_PATH_STYLE: z.preprocess((v) => (v === '' ? undefined : v), z.stringbool().optional()),
    /** Both or neither; neither: the SDK's default credential chain (environment, profile, role). */
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** Lifetime of the signed URLs learners fetch files from with S3 storage. */
    S3_SIGNED_URL_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(604_800, 'S3_SIGNED_URL_SECONDS must be at most 604800 (7 days, the S3 limit)')
      .default(300),
    APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').default(DEV_SECRET),
    /** Base URL of the certificate validation page; the certificate id is appended. */
    CERTIFICATE_BASE_URL: optionalUrl,
    /** Number of proxies in front of the server whose X-Forwarded-* headers are trusted. */
    // Each trusted hop must also be on a loopback or private network (app.ts, trustedProxies).
    TRUST_PROXY: z.coerce.number().int().min(0).default(0),
    /**
     * Run the job worker (queued mail, the reconciler, transcoding) inside this API process. false:
     * this instance only queues jobs, and `npm run worker` runs them (several API instances).
     * Off under NODE_ENV=test unless a test asks for it.
     */
    WORKER: z.preprocess((v) => (v === '' ? undefined : v), z.stringbool().default(true)),
    /**
     * Test hooks for journeys: `POST /dev/clock` moves this process's clock forward (retake
     * cooldowns, holding periods). Refused in production.
     */
    TEST_HOOKS: z.preprocess((v) => (v === '' ? undefined : v), z.stringbool().default(false)),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Serve the built web app from this folder (apps/web/dist) when it exists. */
    WEB_DIST: z.string().optional(),
    /** Seed the demo data into an empty database at start: unset means only in development. */
    SEED_DEMO: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === 'true')),
    /**
     * Bearer token for GET /metrics. Unset: /metrics is open outside production and closed in
     * production; set: every scrape must send `Authorization: Bearer <METRICS_TOKEN>`.
     */
    METRICS_TOKEN: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    ),
    /** Serve the OpenAPI document and its UI at /docs. Unset: on outside production, off in production. */
    API_DOCS: z.preprocess((v) => (v === '' ? undefined : v), z.stringbool().optional()),
    /**
     * The seller on GST tax invoices and credit notes (services/invoices/invoice-config-of.ts). Unset outside
     * production: a development placeholder (marked as such); production refuses to start without
     * the legal name, address and a well-formed GSTIN of the seller's state.
     */
    INVOICE_SELLER_NAME: optionalString,
    INVOICE_SELLER_ADDRESS: optionalString,
    INVOICE_SELLER_GSTIN: z.preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().toUpperCase()) : v),
      z.string().optional(),
    ),
    /** The seller's state or union territory by name (its two-digit GST code is looked up). */
    INVOICE_SELLER_STATE: z.string().trim().default('Kerala'),
    /** SAC of what is sold: 999293 is commercial training and coaching services. */
    INVOICE_SAC: z
      .string()
      .trim()
      .regex(/^99\d{4}$/, 'INVOICE_SAC must be a 6-digit services code (SAC) starting with 99, e.g. 999293')
      .default('999293'),
    /** GST rate in percent (prices include it), up to two decimals. */
    INVOICE_GST_RATE_PERCENT: z.coerce
      .number()
      .min(0)
      .max(100)
      .refine(
        (v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-9,
        'INVOICE_GST_RATE_PERCENT takes at most two decimals',
      )
      .default(18),
    /**
     * Who runs the service, as the privacy page and the terms name them (GET /legal,
     * services/legal/get-legal.ts). Unset outside production: development placeholders, marked as such;
     * production refuses to start without them.
     */
    OPERATOR_LEGAL_NAME: optionalText,
    OPERATOR_ADDRESS: optionalText,
    CONTACT_EMAIL: optionalEmail,
    GRIEVANCE_OFFICER_NAME: optionalText,
    GRIEVANCE_OFFICER_EMAIL: optionalEmail,
    /** Unset: the operator's address. */
    GRIEVANCE_OFFICER_ADDRESS: optionalString,
    /** Days within which the grievance officer answers a complaint or a data request. */
    GRIEVANCE_RESPONSE_DAYS: z.coerce.number().int().min(1).max(90).default(15),
    /** Days within which a closed account's data is deleted after a deletion request. */
    DATA_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.APP_SECRET === DEV_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_SECRET'],
        message: 'the development APP_SECRET is refused in production',
      });
    }
    if (env.NODE_ENV === 'production' && env.PAYMENT_PROVIDER === 'sandbox' && !env.ALLOW_SANDBOX_PAYMENTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message:
          'the sandbox takes no real money: set razorpay in production (or ALLOW_SANDBOX_PAYMENTS=true for a demo)',
      });
    }
    if (env.NODE_ENV === 'production' && env.TEST_HOOKS) {
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_HOOKS'],
        message: 'test hooks (a movable clock) are refused in production',
      });
    }
    // Several replicas on PGlite would each keep their own database: production needs PostgreSQL.
    if (env.NODE_ENV === 'production' && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message:
          'DATABASE_URL is required in production (the embedded PGlite database is for one process on one machine)',
      });
    }
    // The dev outbox keeps OTP mails in a table that nobody reads: production sends real mail.
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'SMTP_URL is required in production (the dev outbox is for development only)',
      });
    }
    if (env.STORAGE_URL) {
      const location = parseStorageUrl(env.STORAGE_URL);
      if ('problem' in location) ctx.addIssue({ code: 'custom', path: ['STORAGE_URL'], message: location.problem });
    }
    const endpointProblem = env.S3_ENDPOINT ? s3EndpointProblem(env.S3_ENDPOINT) : null;
    if (endpointProblem) ctx.addIssue({ code: 'custom', path: ['S3_ENDPOINT'], message: endpointProblem });
    const publicProblem = env.S3_PUBLIC_ENDPOINT ? s3EndpointProblem(env.S3_PUBLIC_ENDPOINT) : null;
    if (publicProblem)
      ctx.addIssue({
        code: 'custom',
        path: ['S3_PUBLIC_ENDPOINT'],
        message: publicProblem.replace('S3_ENDPOINT', 'S3_PUBLIC_ENDPOINT'),
      });
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message:
          'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither for the default credential chain',
      });
    }
    // Every signed link a browser is handed (a public image's included) carries a signature made with this secret, so
    // anyone holding one can test guesses of it offline: in production it must be a random key, not a password.
    if (env.NODE_ENV === 'production' && env.S3_SECRET_ACCESS_KEY && env.S3_SECRET_ACCESS_KEY.length < 30) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message:
          'S3_SECRET_ACCESS_KEY must be at least 30 characters in production: signed links let anyone test guesses of it offline (openssl rand -hex 24)',
      });
    }
    // The embedded database lives in this process: no other process could run its jobs.
    if (!env.WORKER && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WORKER'],
        message:
          'WORKER=false needs DATABASE_URL: with the embedded database only this process can run the jobs (npm run worker needs PostgreSQL)',
      });
    }
    // A tax invoice names its seller: production never prints the development placeholder.
    const sellerState = findIndianState(env.INVOICE_SELLER_STATE);
    if (!sellerState) {
      ctx.addIssue({
        code: 'custom',
        path: ['INVOICE_SELLER_STATE'],
        message: `INVOICE_SELLER_STATE '${env.INVOICE_SELLER_STATE}' is not an Indian state or union territory (e.g. Kerala, Maharashtra, Delhi)`,
      });
    }
    if (env.INVOICE_SELLER_GSTIN && sellerState) {
      const problem = gstinProblem(env.INVOICE_SELLER_GSTIN, sellerState.code);
      if (problem)
        ctx.addIssue({ code: 'custom', path: ['INVOICE_SELLER_GSTIN'], message: `INVOICE_SELLER_GSTIN ${problem}` });
    }
    if (env.NODE_ENV === 'production') {
      for (const key of ['INVOICE_SELLER_GSTIN', 'INVOICE_SELLER_NAME', 'INVOICE_SELLER_ADDRESS'] as const) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `${key} is required in production (it is printed on every GST tax invoice)`,
          });
      }
    }
    if (env.NODE_ENV === 'production') {
      for (const key of LEGAL_KEYS) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `${key} is required in production (the privacy page and the terms name it)`,
          });
      }
    }
    if (env.PAYMENT_PROVIDER === 'razorpay') {
      for (const key of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required with PAYMENT_PROVIDER=razorpay` });
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

/** Parses the environment or throws one error listing every problem. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return parsed.data;
}
