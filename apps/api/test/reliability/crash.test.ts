import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booksOf, findLedgerViolations, findProviderViolations } from './invariants.ts';
import {
  reconcileADayLater,
  runSeed,
  runWorkload,
  seededRandom,
  serveWorld,
  type Random,
  type ServedWorld,
} from './workload.ts';

const OPERATIONS = 10_000;
const CLIENTS = 50;
const KILLS = 8;
/** This file's port (4200-4299 belong to the reliability tests). */
const PORT = 4210;

interface Kill {
  /** The operation the run had reached. */
  operation: number;
  /** Transactions of the server that had written something and not committed, just before the kill. */
  openWriteTransactions: number;
}

/**
 * The server is SIGKILLed at random points of a run and started again each time; the clients
 * retry what the crash cut off (same Idempotency-Key; webhooks redelivered as the provider does).
 * Afterwards, and after the reconciler has run, every ledger invariant holds and:
 * - no purchase is paid without its ledger entries: a purchase marked paid has activated its buyer
 *   and, when the buyer was referred (and the sign-up counts), paid the referrer exactly one
 *   'Referral Commission' of commission_percent; a refunded one with a commission has exactly one
 *   'Commission Reversal' (findLedgerViolations, purchasesHaveTheirLedgerEffects);
 * - no payment is stuck where the reconciler cannot fix it: nothing is still pending, every
 *   captured payment bought something or was given back once, and no refund is half done
 *   (money back at the provider, purchase still paid) (findProviderViolations).
 *
 * PostgreSQL only: the server is a separate process, and PGlite cannot be shared between processes.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')(
  `crash: the server SIGKILLed ${KILLS} times during ${OPERATIONS} random operations [PostgreSQL only: the server runs as its own process]`,
  () => {
    const seed = runSeed();
    const random = seededRandom(seed);
    let served: ServedWorld;

    beforeAll(async () => {
      served = await serveWorld({
        name: 'crash',
        port: PORT,
        random,
        shape: { learners: 100, referrers: 30, operators: 3, courses: 30, startingPoints: 5_000 },
      });
    }, 90_000);
    afterAll(() => served?.close());

    /** Server transactions holding uncommitted writes right now (they have a transaction id). */
    async function openWriteTransactions(): Promise<number> {
      const result = await served.t.app.ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_xid is not null`);
      return Number(result.rows[0]?.n ?? 0);
    }

    /** Kills the server when the run reaches each of `points` (plus a random few milliseconds), restarting it each time. */
    async function killAt(
      points: number[],
      progress: () => number,
      isDone: () => boolean,
      jitter: Random,
    ): Promise<Kill[]> {
      const kills: Kill[] = [];
      for (const point of points) {
        while (progress() < point && !isDone()) await new Promise((resolve) => setTimeout(resolve, 5));
        if (isDone()) break;
        await new Promise((resolve) => setTimeout(resolve, jitter.int(0, 100)));
        const openWrites = await openWriteTransactions();
        await served.server.kill();
        kills.push({ operation: progress(), openWriteTransactions: openWrites });
        await served.server.start();
      }
      return kills;
    }

    it('keeps every invariant, and no paid purchase lacks its ledger entries (the seed is printed; replay with LEDGER_SEED=<seed>)', async () => {
      const { t, provider, world, server } = served;
      console.info(`[crash] seed ${seed}: replay with LEDGER_SEED=${seed}`);
      const points = Array.from({ length: KILLS }, () => random.int(OPERATIONS * 0.05, OPERATIONS * 0.9)).sort(
        (a, b) => a - b,
      );
      let started = 0;
      let isDone = false;
      const run = runWorkload({
        baseUrl: server.url,
        world,
        provider,
        operations: OPERATIONS,
        clients: CLIENTS,
        seed,
        survivesCrashes: true,
        onOperation: (n) => {
          started = n;
        },
      }).finally(() => {
        isDone = true;
      });
      const [report, kills] = await Promise.all([
        run,
        killAt(
          points,
          () => started,
          () => isDone,
          random,
        ),
      ]);
      await server.kill();
      const reconciled = await reconcileADayLater(t);
      console.info(
        '[crash]',
        JSON.stringify({
          kills,
          interrupted: report.interrupted,
          refused: report.refused,
          reconciled,
          counts: report.counts,
        }),
      );

      expect(kills, 'every kill happened while the run was going').toHaveLength(KILLS);
      expect(
        kills.some((kill) => kill.openWriteTransactions > 0),
        'a kill landed mid-transaction',
      ).toBe(true);
      expect(report.interrupted, 'requests were cut off mid-flight').toBeGreaterThan(0);
      expect({ failures: report.failures, serverErrors: server.loggedErrors().slice(0, 5) }, `seed ${seed}`).toEqual({
        failures: [],
        serverErrors: [],
      });
      expect(reconciled.errors).toBe(0);
      expect(await findLedgerViolations(t.app.ctx.db), `seed ${seed}`).toEqual([]);
      expect(await findProviderViolations(t.app.ctx.db, booksOf(provider)), `seed ${seed}`).toEqual([]);
    }, 420_000);
  },
);
