import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankDetails, offerCodes, purchases, users } from '@app/db';
import { createTestApp, lockWaits, waitFor, type TestApp } from '../helpers.ts';
import { createLearner, getUser, type Learner } from '../fixtures.ts';
import { buyThroughSandbox, createAdmin } from '../admin-fixtures.ts';
import { createCourse, createOfferCode } from '../catalogue-fixtures.ts';
import { ledgerOf, payPurchase, pendingPurchase, setReferenceData, signInNow, validBank } from '../wallet-fixtures.ts';
import { DAY_MS, expectBooksBalanced } from './abuse-fixtures.ts';
import { markPurchasePaid, markPurchaseRefunded } from '../../src/services/purchases/index.ts';
import { lockPurchase } from '../../src/services/admin/money/refund-purchase.ts';
import { reviewSelfReferrals } from '../../src/services/referrals/review-self-referrals.ts';
import { accountNumberHash } from '../../src/services/profile/bank-details.ts';
import { encryptText } from '../../src/lib/crypto.ts';

/**
 * Lock order between concurrent money paths, two connections each: one path is held, by a transaction of the
 * test, after the locks it takes first; the other is fired through the API and waits; then the first one goes on.
 * On a consistent order the second waits and both succeed; on an inverted one PostgreSQL finds a deadlock and kills
 * one of them (a 500, or an error in the test's transaction).
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'lock order between concurrent money paths (two connections)',
  () => {
    let t: TestApp;
    let admin: Learner;

    beforeAll(async () => {
      t = await createTestApp();
      await setReferenceData(t.app, { refund_window_days: 7 });
      admin = await createAdmin(t.app);
    });
    afterAll(async () => {
      await t.close();
    });

    const lockReferrer = (tx: Parameters<Parameters<TestApp['app']['ctx']['db']['transaction']>[0]>[0], id: number) =>
      tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('no key update');

    it('a sub-user changing their mobile while their own payment is being marked paid: both succeed (profile locks the sub-user, then the referrer; a payment the referrer, then the buyer)', async () => {
      const referrer = await createLearner(t.app);
      const buyer = await createLearner(t.app, { referrerId: referrer.id });
      const purchaseId = await pendingPurchase(t.app, buyer.id, 100_000);

      let profile: ReturnType<typeof t.client.put> | undefined;
      let isAnswered = false;
      let paymentError: unknown = null;
      try {
        await t.app.ctx.db.transaction(async (tx) => {
          // markPurchasePaid (flipPurchase) locks the purchase, then the buyer's referrer, then the buyer.
          await tx
            .select({ id: purchases.id })
            .from(purchases)
            .where(eq(purchases.id, purchaseId))
            .for('no key update');
          await lockReferrer(tx, referrer.id);
          // Meanwhile the buyer saves a new mobile: PUT /profile updates the buyer's row, then reviewSelfReferrals
          // locks the referrer's row.
          profile = t.client
            .as(buyer.token)
            .put('/profile', { first_name: 'Test', last_name: 'Learner', email: buyer.email, mobile: '9123400001' });
          void profile.then(() => (isAnswered = true));
          await waitFor(async () => isAnswered || (await lockWaits(t)) > 0, 10_000);
          expect(
            await markPurchasePaid(tx, t.app.ctx, {
              purchaseId,
              payment: { paymentId: null, amountPaise: 100_000, currency: 'INR' },
            }),
          ).toBe(true);
        });
      } catch (error) {
        paymentError = error;
      }
      const res = await profile!;
      expect(String(paymentError ?? ''), 'the payment failed').toBe('');
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      expect((await getUser(t.app, buyer.id)).mobile).toBe('9123400001');
      await expectBooksBalanced(t);
    });

    it("an operator's refund of a sub-user's purchase while a bank-details save finds the sub-user a self-referral: both succeed", async () => {
      const referrer = await createLearner(t.app);
      const copy = await createLearner(t.app, { referrerId: referrer.id });
      const { purchaseId } = await buyThroughSandbox(t, copy, 100_000);
      t.clock.advance(7 * DAY_MS + 60_000);
      const referrerToken = await signInNow(t.app, referrer.id);
      // The commission is released (Done): a self-referral found now takes it back with a 'Commission Reversal'.
      expect((await t.client.as(referrerToken).get('/transactions')).body.data).toMatchObject({ balance: 100 });
      expect((await t.client.as(referrerToken).post('/bank-details', validBank)).statusCode).toBe(200);
      const adminToken = await signInNow(t.app, admin.id);

      let refund: ReturnType<typeof t.client.post> | undefined;
      let isAnswered = false;
      let saveError: unknown = null;
      try {
        await t.app.ctx.db.transaction(async (tx) => {
          // saveBankDetails: the copy's bank details upserted (the referrer's account), then reviewSelfReferrals locks
          // the referrer's row first...
          const values = {
            fullName: validBank.full_name,
            bankName: validBank.bank_name,
            bankBranch: validBank.bank_branch,
            accountNumberEncrypted: encryptText(t.app.ctx.env.APP_SECRET, validBank.account_number),
            accountLast4: validBank.account_number.slice(-4),
            accountNumberHash: accountNumberHash(t.app.ctx, validBank.account_number),
            ifscCode: validBank.ifsc_code,
            panCard: validBank.pan_card,
            updatedAt: t.app.ctx.now(),
          };
          await tx.insert(bankDetails).values({ userId: copy.id, ...values });
          await lockReferrer(tx, referrer.id);
          // ...when the operator refunds the copy's purchase: it locks the purchase FOR UPDATE, refunds at the
          // provider, marks it refunded and then waits for the referrer's row.
          refund = t.client.as(adminToken).post(`/admin/purchases/${purchaseId}/refund`);
          void refund.then(() => (isAnswered = true));
          await waitFor(async () => isAnswered || (await lockWaits(t)) > 0, 10_000);
          // The review goes on: it rejects the copy and takes the Done commission back, a reversal row whose
          // purchase_id foreign key needs KEY SHARE on the purchase the refund holds FOR UPDATE.
          await reviewSelfReferrals(tx, t.app.ctx, { userId: copy.id, change: 'bank_details' });
        });
      } catch (error) {
        saveError = error;
      }
      const res = await refund!;
      expect(String(saveError ?? ''), 'the bank-details save failed').toBe('');
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      const ledger = (await ledgerOf(t.app, referrer.id)).map((e) => [e.method, e.status, e.amountPaise]);
      expect(ledger).toEqual([
        ['Referral Commission', 'Done', 10_000],
        ['Commission Reversal', 'Done', -10_000],
      ]);
      await expectBooksBalanced(t);
    });

    it("an operator releasing a held sign-up (its level reward) while an operator's refund of that sub-user's purchase holds it: both succeed", async () => {
      const referrer = await createLearner(t.app);
      const counted = await createLearner(t.app, { referrerId: referrer.id });
      const held = await createLearner(t.app, { referrerId: referrer.id });
      await t.app.ctx.db.update(users).set({ referralStatus: 'held' }).where(eq(users.id, held.id));
      await payPurchase(t.app, counted.id, 100_000);
      const purchaseId = await payPurchase(t.app, held.id, 100_000);
      const adminToken = await signInNow(t.app, admin.id);

      let release: ReturnType<typeof t.client.post> | undefined;
      let isAnswered = false;
      let refundError: unknown = null;
      try {
        await t.app.ctx.db.transaction(async (tx) => {
          // POST /admin/purchases/{id}/refund: the purchase locked as lockPurchase locks it, the provider asked...
          await lockPurchase(tx, purchaseId);
          // ...while another operator releases the held sign-up: it locks the referrer, counts the sub-user and
          // writes the Starter reward, which belongs to this purchase (purchase_id: KEY SHARE on its row).
          release = t.client.as(adminToken).post(`/admin/referrals/${held.id}/release`);
          void release.then(() => (isAnswered = true));
          await waitFor(async () => isAnswered || (await lockWaits(t)) > 0, 10_000);
          // The refund goes on: markPurchaseRefunded locks the referrer.
          expect(await markPurchaseRefunded(tx, t.app.ctx, { purchaseId })).not.toBeNull();
        });
      } catch (error) {
        refundError = error;
      }
      const res = await release!;
      expect(String(refundError ?? ''), 'the refund failed').toBe('');
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      await expectBooksBalanced(t);
    });

    it('a checkout with an offer code the operator is deleting at that moment is refused with a 400, not a 500', async () => {
      const code = await createOfferCode(t.app, { code: `GONE${Date.now()}`, discountValue: 1_000 });
      const course = await createCourse(t.app, { pricePaise: 50_000 });
      const learner = await createLearner(t.app);

      let checkout: ReturnType<typeof t.client.post> | undefined;
      let isAnswered = false;
      await t.app.ctx.db.transaction(async (tx) => {
        // DELETE /admin/offer-codes/{id}: no purchase used it, so it goes.
        await tx.delete(offerCodes).where(eq(offerCodes.id, code.id));
        // The learner checks out with it: the code is read as it was (the delete is not committed), then the purchase
        // row referencing it waits for the deleted row.
        checkout = t.client.as(learner.token).post('/checkout', { course_id: course.id, offer_code: code.code });
        void checkout.then(() => (isAnswered = true));
        await waitFor(async () => isAnswered || (await lockWaits(t)) > 0, 10_000);
      });
      const res = await checkout!;
      expect(res.statusCode, JSON.stringify(res.body)).toBe(400);
    });
  },
);
