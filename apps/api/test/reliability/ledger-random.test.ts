import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booksOf, findLedgerViolations, findProviderViolations } from './invariants.ts';
import { reconcileADayLater, runSeed, runWorkload, seededRandom, serveWorld, type ServedWorld } from './workload.ts';

const OPERATIONS = 10_000;
const CLIENTS = 50;
/** This file's port (4200-4299 belong to the reliability tests). */
const PORT = 4201;

/*
 * PostgreSQL only. PGlite is one connection that runs transactions one at a time, so none of the
 * races this test is about (row locks, the unique key that parks a concurrent duplicate, two
 * operators on one row) can happen there, and a server process cannot share its database.
 * The single-request rules are covered on PGlite by wallet, payments and admin-money tests.
 *
 * The server runs as its own process (as in production), so it and the 50 clients use both cores.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')(
  `ledger after ${OPERATIONS} random operations from ${CLIENTS} concurrent clients over HTTP [PostgreSQL only: PGlite runs one transaction at a time, so no races]`,
  () => {
    const seed = runSeed();
    let served: ServedWorld;

    beforeAll(async () => {
      served = await serveWorld({ name: 'ledger', port: PORT, random: seededRandom(seed) });
    }, 90_000);
    afterAll(() => served?.close());

    it('keeps every ledger invariant (the seed is printed; replay with LEDGER_SEED=<seed>)', async () => {
      const { t, provider, world, server } = served;
      console.info(`[ledger-random] seed ${seed}: replay with LEDGER_SEED=${seed}`);
      const started = Date.now();
      const report = await runWorkload({
        baseUrl: server.url,
        world,
        provider,
        operations: OPERATIONS,
        clients: CLIENTS,
        seed,
      });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      await server.stop();
      const reconciled = await reconcileADayLater(t);
      console.info(
        `[ledger-random] ${OPERATIONS} operations in ${seconds} s`,
        JSON.stringify({ counts: report.counts, reconciled }),
      );

      expect({ failures: report.failures, serverErrors: server.loggedErrors().slice(0, 5) }, `seed ${seed}`).toEqual({
        failures: [],
        serverErrors: [],
      });
      expect(await findLedgerViolations(t.app.ctx.db), `seed ${seed}`).toEqual([]);
      expect(await findProviderViolations(t.app.ctx.db, booksOf(provider)), `seed ${seed}`).toEqual([]);
      // The run did what it claims: money moved every way it can, not only refusals.
      for (const answer of [
        'pay-now 200',
        'webhook payment.captured 200',
        'redeem 200',
        'withdraw 200',
        'settle 200',
        'refund 200',
      ]) {
        expect(report.counts[answer] ?? 0, answer).toBeGreaterThan(OPERATIONS / 100);
      }
    }, 420_000);
  },
);
