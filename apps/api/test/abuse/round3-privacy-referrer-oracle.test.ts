import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createLearner } from '../fixtures.ts';
import { validBank } from '../wallet-fixtures.ts';

/**
 * Round 3 privacy review: the referrer's Users page (GET /tree) says why a sub-user is not eligible ('Same mobile
 * number as yours', 'Same PAN as yours', …), and the self-referral rule is checked again against every direct sub-user
 * whenever the referrer changes their OWN mobile (PUT /profile: no password, no rate limit) or bank details. So the
 * referrer's own profile is a guessing oracle for their sub-users' private details: write a guess as your own mobile,
 * read /tree, and a sub-user whose mobile it is turns 'ineligible — Same mobile number as yours'. The last four digits
 * come for free from the public referral-code check (the sub-user's referral code is on the same page), which leaves
 * at most 4 × 10^5 guesses for an Indian mobile. A child sub-user's full mobile number reaches an adult stranger who
 * shared a referral link.
 */
describe('round 3 privacy: the referrer cannot test guesses of a sub-user’s mobile through their own profile', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the referrer’s Users page alike after a wrong and a right guess of a child sub-user’s mobile', async () => {
    const referrer = await createLearner(t.app, { mobile: '9000011111' });
    const child = await createLearner(t.app, {
      referrerId: referrer.id,
      mobile: '9123456780',
      dateOfBirth: '2013-04-02',
    });
    const asReferrer = t.client.as(referrer.token);
    const childRow = async () => {
      const tree = await asReferrer.get('/tree');
      expect(tree.statusCode).toBe(200);
      const row = tree.body.data.data.find((u: { id: number }) => u.id === child.id);
      return { status: row.status as string, reason: row.reason as string | null, code: row.referral_code as string };
    };

    // The page gives the child's referral code; anyone may look a code up and read the last four digits.
    const { code } = await childRow();
    const lookup = await t.client.as(undefined).post('/reference-user-validate', { reference_user: code });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.body.data.mobile).toBe('******6780');

    const guess = async (mobile: string) => {
      const res = await asReferrer.put('/profile', {
        first_name: 'Ref',
        last_name: 'Errer',
        email: referrer.email,
        mobile,
      });
      expect(res.statusCode).toBe(200);
      const { status, reason } = await childRow();
      return { status, reason };
    };

    const afterWrongGuess = await guess('9123456781');
    const afterRightGuess = await guess('9123456780');

    // The referrer must learn nothing about the child's mobile from their own profile edits.
    expect(afterRightGuess).toEqual(afterWrongGuess);
  });

  it('ATTACK: a referrer cannot try PANs or bank accounts as their own more than 10 times a day', async () => {
    // Each save is checked against the sub-users' PANs and accounts, and the Users page then shows a match: a few
    // tries (a typo fixed) are normal, a list of guesses is not (decision 057).
    const referrer = await createLearner(t.app);
    const child = await createLearner(t.app, { referrerId: referrer.id, dateOfBirth: '2013-04-02' });
    const asReferrer = t.client.as(referrer.token);
    for (let i = 0; i < 10; i++) {
      const saved = await asReferrer.post('/bank-details', { ...validBank, pan_card: `ABCDE${1000 + i}F` });
      expect(saved.statusCode).toBe(200);
    }
    const refused = await asReferrer.post('/bank-details', { ...validBank, pan_card: 'ZZZZZ9999Z' });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toEqual({ status: false, message: 'Too many attempts. Please try again later.' });
    expect((await asReferrer.get('/bank-details')).body.data).toMatchObject({ pan_card: 'ABCDE1009F' });
    const tree = await asReferrer.get('/tree');
    expect(tree.body.data.data.find((u: { id: number }) => u.id === child.id)).toMatchObject({ status: 'pending' });
  });
});
