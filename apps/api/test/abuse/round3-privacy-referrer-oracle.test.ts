import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createLearner } from '../fixtures.ts';

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
});
