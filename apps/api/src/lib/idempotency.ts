import type { FastifyReply } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { idempotencyKeys, type Tx } from '@app/db';
import { walletMessages } from '@app/contracts';
import type { AppContext } from '../context.ts';
import { AppError } from './app-error.ts';
import { sha256Hex } from './crypto.ts';

/** What a money-moving request answered: replayed as is for the same Idempotency-Key. */
export interface IdempotentAnswer {
  statusCode: number;
  body: unknown;
  /** True when this is a replay of the first answer. */
  isReplay: boolean;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** The Idempotency-Key header: absent → undefined; present but malformed → 422. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) {
    throw AppError.field('idempotency_key', walletMessages.idempotencyKeyInvalid);
  }
  return value;
}

/** JSON with sorted keys, so {a,b} and {b,a} hash the same. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function errorAnswer(error: AppError): IdempotentAnswer {
  return {
    statusCode: error.statusCode,
    body: { status: false, message: error.message, ...(error.errors ? { errors: error.errors } : {}) },
    isReplay: false,
  };
}

/** Which request a key is for, and who sent it. */
export interface IdempotentRequest {
  userId: number;
  key: string | undefined;
  route: string;
  request: unknown;
}

/** A key's stored row, or none: the first request's answer replayed, or why it cannot be. */
function storedAnswer(
  first: typeof idempotencyKeys.$inferSelect | undefined,
  route: string,
  requestHash: string,
): IdempotentAnswer {
  if (!first || first.statusCode === null) throw new AppError('CONFLICT', walletMessages.idempotencyKeyInFlight);
  if (first.route !== route || first.requestHash !== requestHash) {
    throw AppError.field('idempotency_key', walletMessages.idempotencyKeyReused);
  }
  return { statusCode: first.statusCode, body: first.responseBody, isReplay: true };
}

/** An error that is the request's answer, kept with its key; any other error rolls the key back. */
function isStoredError(error: unknown): error is AppError {
  // A 429 answers how often, not the request: stored, it would be replayed after the limit has passed.
  return error instanceof AppError && error.statusCode !== 429;
}

/**
 * Runs a money-moving operation, or a password change (decision 061), in one transaction, at most
 * once per (user, Idempotency-Key).
 *
 * The key row is inserted first, in the same transaction as the movement: a concurrent duplicate
 * blocks on it (PostgreSQL's unique index) until the first commits, then replays its stored
 * answer; if the first rolls back, the duplicate runs instead. A business error (AppError) of the
 * first request is stored and replayed too, its writes undone by a savepoint; any other error,
 * and a 429, rolls everything back, key included, so a retry runs afresh. The same key with a different
 * route or body → 422. Without a key the operation simply runs in a transaction.
 */
export function runIdempotent(
  ctx: AppContext,
  options: IdempotentRequest,
  operation: (tx: Tx) => Promise<unknown>,
): Promise<IdempotentAnswer> {
  return run(ctx, options, undefined, (tx) => operation(tx));
}

/**
 * runIdempotent with slow work that needs no connection (an argon2 check and hash) done first, outside the
 * transaction, which would otherwise hold a pooled connection all that time (docs/decisions/061, "Later").
 * A stored answer for the key is looked up before it, so a retry is replayed without it (or told 422 for another
 * body). `prepare`'s business error is the key's answer, stored as the operation's would be; its result is handed
 * to `operation`, which must check again, in its transaction, whatever `prepare` relied on and may have changed.
 */
export function runIdempotentPrepared<Prepared>(
  ctx: AppContext,
  options: IdempotentRequest,
  prepare: () => Promise<Prepared>,
  operation: (tx: Tx, prepared: Prepared) => Promise<unknown>,
): Promise<IdempotentAnswer> {
  return run(ctx, options, prepare, operation);
}

async function run<Prepared>(
  ctx: AppContext,
  options: IdempotentRequest,
  prepare: (() => Promise<Prepared>) | undefined,
  operation: (tx: Tx, prepared: Prepared) => Promise<unknown>,
): Promise<IdempotentAnswer> {
  const { userId, key, route } = options;
  if (key === undefined) {
    const prepared = prepare ? await prepare() : (undefined as Prepared);
    const body = await ctx.db.transaction((tx) => operation(tx, prepared));
    return { statusCode: 200, body, isReplay: false };
  }
  const requestHash = sha256Hex(`${route}\n${stableJson(options.request)}`);
  const keyRow = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  let prepared: { value: Prepared } | { error: AppError } = { value: undefined as Prepared };
  if (prepare) {
    // Only a committed row is seen here, and a committed row holds its answer.
    const [first] = await ctx.db.select().from(idempotencyKeys).where(keyRow);
    if (first) return storedAnswer(first, route, requestHash);
    try {
      prepared = { value: await prepare() };
    } catch (error) {
      if (!isStoredError(error)) throw error;
      prepared = { error };
    }
  }
  return ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, route, requestHash, createdAt: ctx.now() })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!claimed) {
      const [first] = await tx.select().from(idempotencyKeys).where(keyRow);
      return storedAnswer(first, route, requestHash);
    }
    let answer: IdempotentAnswer;
    try {
      if ('error' in prepared) throw prepared.error;
      const { value } = prepared;
      answer = {
        statusCode: 200,
        body: await tx.transaction((savepoint) => operation(savepoint, value)),
        isReplay: false,
      };
    } catch (error) {
      if (!isStoredError(error)) throw error;
      answer = errorAnswer(error);
    }
    await tx.update(idempotencyKeys).set({ statusCode: answer.statusCode, responseBody: answer.body }).where(keyRow);
    return answer;
  });
}

/** Sends an idempotent answer as it was first given, marking replays with `Idempotent-Replayed: true`. */
export function sendAnswer(reply: FastifyReply, answer: IdempotentAnswer): void {
  reply.code(answer.statusCode).header('idempotent-replayed', String(answer.isReplay)).send(answer.body);
}
