import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases } from '@app/db';
import { messages } from '@app/contracts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createLearner } from '../fixtures.ts';
import { createBatch, createCourse, createOfferCode } from '../catalogue-fixtures.ts';
import { setReferenceData } from '../wallet-fixtures.ts';
import { countPurchases, expectBooksBalanced } from './abuse-fixtures.ts';
import { payThroughSandbox } from '../checkout-fixtures.ts';
import { defaultLimitRules } from '../../src/lib/rate-limits.ts';

/** Item 2 of issue 13: offer-code limits count paid uses and live reservations, and hold under concurrency. */
describe('abuse: offer-code limits', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await setReferenceData(t.app, { refund_window_days: 7 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets one learner use a once-per-learner code on one course only', async () => {
    const code = await createOfferCode(t.app, { code: 'WELCOMEONCE', maxUsesPerUser: 1 });
    const learner = await createLearner(t.app);
    const first = await createCourse(t.app, { pricePaise: 50_000 });
    const second = await createCourse(t.app, { pricePaise: 60_000 });
    await payThroughSandbox(t, learner, '/checkout', { course_id: first.id, offer_code: 'WELCOMEONCE' });
    const again = await t.client
      .as(learner.token)
      .post('/checkout', { course_id: second.id, offer_code: 'welcomeonce' });
    expect(again.statusCode).toBe(400);
    expect(again.body.message).toBe('You have already used this offer code.');
    // Nor while the first checkout is merely pending: the reservation counts.
    const other = await createLearner(t.app);
    await t.client.as(other.token).post('/checkout', { course_id: first.id, offer_code: 'WELCOMEONCE' });
    const pendingToo = await t.client
      .as(other.token)
      .post('/checkout', { course_id: second.id, offer_code: 'WELCOMEONCE' });
    expect(pendingToo.body.message).toBe('You have already used this offer code.');
    expect(await countPurchases(t, { offerCodeId: code.id, status: 'paid' })).toBe(1);
  });

  it('gives a one-use code to exactly one of 50 parallel checkouts', async () => {
    const code = await createOfferCode(t.app, { code: 'ONLYONE', maxUses: 1, discountValue: 5_000 });
    const course = await createCourse(t.app, { pricePaise: 80_000 });
    const learners = await Promise.all(Array.from({ length: 50 }, () => createLearner(t.app)));
    const answers = await Promise.all(
      learners.map((l) => t.client.as(l.token).post('/checkout', { course_id: course.id, offer_code: 'ONLYONE' })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(
      refused.every((a) => a.statusCode === 400 && a.body.message === 'This offer code has reached its usage limit.'),
    ).toBe(true);
    expect(await countPurchases(t, { offerCodeId: code.id })).toBe(1);
  });

  it('makes free checkouts with a 100% code take the uses one at a time', async () => {
    const code = await createOfferCode(t.app, { code: 'FREEFIVE', maxUses: 5, discountValue: 10_000 });
    const course = await createCourse(t.app, { pricePaise: 30_000 });
    const learners = await Promise.all(Array.from({ length: 20 }, () => createLearner(t.app)));
    const answers = await Promise.all(
      learners.map((l) => t.client.as(l.token).post('/checkout', { course_id: course.id, offer_code: 'FREEFIVE' })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    expect(await countPurchases(t, { offerCodeId: code.id, status: 'paid' })).toBe(5);
  });

  it('serves free checkouts with a 100% code without limits to everyone at once (a campaign code)', async () => {
    const code = await createOfferCode(t.app, { code: 'FREEFORALL', discountValue: 10_000 });
    const course = await createCourse(t.app, { pricePaise: 30_000 });
    const learners = await Promise.all(Array.from({ length: 20 }, () => createLearner(t.app)));
    const answers = await Promise.all(
      learners.map((l) => t.client.as(l.token).post('/checkout', { course_id: course.id, offer_code: 'FREEFORALL' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(learners.map(() => 200));
    expect(await countPurchases(t, { offerCodeId: code.id, status: 'paid' })).toBe(20);
  });

  it('re-checks at confirmation: a payment arriving after its reservation lapsed and the use went to another is refunded', async () => {
    const code = await createOfferCode(t.app, { code: 'LASTONE', maxUses: 1, discountValue: 2_000 });
    const course = await createCourse(t.app, { pricePaise: 50_000 });
    const slow = await createLearner(t.app);
    const quick = await createLearner(t.app);
    const started = await t.client.as(slow.token).post('/checkout', { course_id: course.id, offer_code: 'LASTONE' });
    expect(started.statusCode).toBe(200);
    // 31 minutes pass on the provider's page: the reservation lapses and the use goes to someone else.
    await t.app.ctx.db
      .update(purchases)
      .set({ createdAt: new Date(t.app.ctx.now().getTime() - 31 * 60_000) })
      .where(eq(purchases.id, started.body.data.purchase_id));
    await payThroughSandbox(t, quick, '/checkout', { course_id: course.id, offer_code: 'LASTONE' });

    const paid = await t.client.post('/sandbox/pay', { order_id: started.body.data.order_id, outcome: 'success' });
    const late = await t.client.as(slow.token).post('/pay-now', {
      payment_id: paid.body.razorpay_payment_id,
      order_id: paid.body.razorpay_order_id,
      signature: paid.body.razorpay_signature,
    });
    expect(late.statusCode).toBe(400);
    expect(late.body.message).toBe(
      'The offer code ran out of uses before your payment arrived. Your payment will be refunded.',
    );
    const [row] = await t.app.ctx.db.select().from(purchases).where(eq(purchases.id, started.body.data.purchase_id));
    expect(row!.status).toBe('failed');
    expect(await countPurchases(t, { offerCodeId: code.id, status: 'paid' })).toBe(1);
    expect((await t.client.as(slow.token).get(`/terms/${course.id}`)).statusCode).toBe(403);
    await expectBooksBalanced(t);
  });

  it('lets a learner come back to their own pending checkout with the code', async () => {
    await createOfferCode(t.app, { code: 'RETRYME', maxUses: 1, maxUsesPerUser: 1 });
    const course = await createCourse(t.app, { pricePaise: 40_000 });
    const learner = await createLearner(t.app);
    const first = await t.client.as(learner.token).post('/checkout', { course_id: course.id, offer_code: 'RETRYME' });
    const second = await t.client.as(learner.token).post('/checkout', { course_id: course.id, offer_code: 'RETRYME' });
    expect(second.statusCode).toBe(200);
    expect(second.body.data.order_id).toBe(first.body.data.order_id);
  });
});

/** Private codes (one school's, say) cannot be found by trying words: unknown codes are counted per account. */
describe('abuse: guessing offer codes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      rateLimits: { offerCodeMissesPerAccount: defaultLimitRules.offerCodeMissesPerAccount },
    });
    await setReferenceData(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 to an account past its unknown codes, on the preview and at checkout; others and known codes go on', async () => {
    const { points } = defaultLimitRules.offerCodeMissesPerAccount;
    await createOfferCode(t.app, { code: 'SCHOOL42' });
    const course = await createCourse(t.app, { pricePaise: 50_000 });
    const guesser = t.client.as((await createLearner(t.app)).token);
    for (let i = 0; i < points; i++) {
      const miss = await guesser.get(`/fetch-code/GUESS${i}`);
      expect(miss.statusCode).toBe(400);
      expect(miss.body.message).toBe('Invalid offer code.');
    }
    const found = await guesser.get('/fetch-code/SCHOOL42');
    expect(found.statusCode).toBe(429);
    const atCheckout = await guesser.post('/checkout', { course_id: course.id, offer_code: 'school42' });
    expect(atCheckout.statusCode).toBe(429);
    expect(await countPurchases(t, { status: 'pending' })).toBe(0);

    // Another learner is not held back; looking up a code that exists is never counted.
    const other = t.client.as((await createLearner(t.app)).token);
    for (let i = 0; i <= points; i++) expect((await other.get('/fetch-code/SCHOOL42')).statusCode).toBe(200);
  });
});

/**
 * Accounts are cheap (registerPerIp lets one address make 30 an hour), so the limit per account alone let one place
 * try codes as fast as it made accounts: unknown codes are counted per network too, all its accounts together (an IPv6
 * address as its /64, as the sign-up limits count it). Decision 064, later (2026-12-02).
 */
describe('abuse: guessing offer codes from many accounts on one network', () => {
  let t: TestApp;
  const perAccount = defaultLimitRules.offerCodeMissesPerAccount.points;
  const perNetwork = defaultLimitRules.offerCodeMissesPerIp.points;

  beforeAll(async () => {
    t = await createTestApp({
      rateLimits: {
        offerCodeMissesPerAccount: defaultLimitRules.offerCodeMissesPerAccount,
        offerCodeMissesPerIp: defaultLimitRules.offerCodeMissesPerIp,
        offerCodeTriesOnSpentNetwork: defaultLimitRules.offerCodeTriesOnSpentNetwork,
        offerCodeSpentNetworkTriesPerIp: defaultLimitRules.offerCodeSpentNetworkTriesPerIp,
      },
    });
    await setReferenceData(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A learner signed in from `ip`. */
  const learnerAt = async (ip: string) => t.client.as((await createLearner(t.app)).token).from(ip);

  it("ATTACK: many accounts on one network share its budget of unknown codes: past it, each account there has one lookup an hour of its own, then the school's 100% code is refused there on every route, and still works from elsewhere", async () => {
    await createOfferCode(t.app, { code: 'SCHOOL42', discountValue: 10_000 });
    const course = await createCourse(t.app, { pricePaise: 50_000 });
    // One phone's /64 (Jio, Airtel): each account on a fresh address of it, each staying under its own limit.
    const inNetwork = (n: number) => `2401:4900:1c2a:7f01::${(n + 1).toString(16)}`;
    const perGuesser = perAccount - 5;
    let tried = 0;
    const guessers: Awaited<ReturnType<typeof learnerAt>>[] = [];
    for (let g = 0; tried < perNetwork; g++) {
      const guesser = await learnerAt(inNetwork(g));
      guessers.push(guesser);
      for (let i = 0; i < perGuesser && tried < perNetwork; i++, tried++) {
        const miss = await guesser.get(`/fetch-code/WORD${tried}`);
        expect(miss.statusCode, `guess ${tried + 1}`).toBe(400);
        expect(miss.body.message).toBe('Invalid offer code.');
      }
    }

    // The network's budget is spent: each account there has one lookup an hour of its own (every guesser one more
    // word, not the rest of its own limit), and past it is refused as an account past its own limit is.
    for (const [g, guesser] of guessers.entries()) {
      expect((await guesser.get(`/fetch-code/MORE${g}`)).statusCode).toBe(400);
      expect((await guesser.get(`/fetch-code/AGAIN${g}`)).statusCode).toBe(429);
    }
    // A fresh account there, on a fresh address, that has spent its one lookup is refused, the right code included, on
    // the preview, a course's checkout and the batch fee's.
    const fresh = await createLearner(t.app);
    await createBatch(t.app, { learnerId: fresh.id, feePaise: 100_000 });
    const late = t.client.as(fresh.token).from(inNetwork(1_000));
    expect((await late.get('/fetch-code/NEXTWORD')).statusCode).toBe(400);
    const answers = [
      await late.get('/fetch-code/NEXTWORD2'),
      await late.get('/fetch-code/SCHOOL42'),
      await late.post('/checkout', { course_id: course.id, offer_code: 'school42' }),
      await late.post('/first-payment', { offer_code: 'SCHOOL42' }),
    ];
    expect(answers.map((a) => [a.statusCode, a.body.message])).toEqual(
      answers.map(() => [429, messages.tooManyRequests]),
    );
    expect(Number(answers[1]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countPurchases(t, { userId: fresh.id })).toBe(0);

    // More accounts are not more words: those single lookups are bounded for the whole network too, however many
    // accounts it has made (registerPerIp lets it make 30 more every hour).
    const spentNetworkTries = defaultLimitRules.offerCodeSpentNetworkTriesPerIp.points;
    let fresher = guessers.length + 1;
    for (let n = 0; ; n++) {
      const answer = await (await learnerAt(inNetwork(3_000 + n))).get(`/fetch-code/FRESH${n}`);
      if (answer.statusCode === 429) break;
      expect(answer.statusCode, `fresh account ${n + 1}`).toBe(400);
      fresher++;
      expect(fresher, 'single lookups on the spent network').toBeLessThanOrEqual(spentNetworkTries);
    }
    expect(fresher).toBe(spentNetworkTries);

    // Another network, an IPv4 address or the next /64, is not held back.
    for (const ip of ['198.51.100.7', '2401:4900:1c2a:7f02::1']) {
      const elsewhere = await learnerAt(ip);
      expect((await elsewhere.get('/fetch-code/SCHOOL42')).statusCode).toBe(200);
      const bought = await elsewhere.post('/checkout', { course_id: course.id, offer_code: 'SCHOOL42' });
      expect(bought.statusCode).toBe(200);
      expect(bought.body.data).toMatchObject({ payment: false, amount: 0 });
    }
  });

  it("a school's children all typing the right code from one address never spend its budget, their typos do, and once it is spent a child typing the right code still gets it", async () => {
    await createOfferCode(t.app, { code: 'LABCODE', discountValue: 2_000 });
    const school = '203.0.113.50';
    const children = await Promise.all(Array.from({ length: 5 }, () => learnerAt(school)));
    for (let i = 0; i < perNetwork + 10; i++) {
      const right = await children[i % children.length]!.get('/fetch-code/labcode');
      expect(right.statusCode, `lookup ${i + 1}`).toBe(200);
    }
    // A typo is a miss: the budget counts it.
    for (let i = 0; i < perNetwork; i++)
      expect((await children[i % children.length]!.get(`/fetch-code/LABC0DE${i}`)).statusCode).toBe(400);
    // With the budget spent, a child typing the right code still gets it, as often as the page asks: a right code gives
    // its lookup back.
    const late = await learnerAt(school);
    for (let i = 0; i < 3; i++) expect((await late.get('/fetch-code/LABCODE')).statusCode).toBe(200);
    // A child who has typed wrong: one more try of their own, then the wait.
    expect((await children[0]!.get('/fetch-code/LABCOD')).statusCode).toBe(400);
    expect((await children[0]!.get('/fetch-code/LABCODE')).statusCode).toBe(429);
  });
});
