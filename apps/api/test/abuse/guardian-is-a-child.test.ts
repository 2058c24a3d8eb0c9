import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardianConsents, users } from '@app/db';
import { consentMessages } from '@app/contracts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { consentTokenMailedTo, createMinor } from '../consent-fixtures.ts';

/*
 * DPDP Act 2023 s.9(1): verifiable consent of a *parent* (found by the children's-data review, session 57). Decision
 * 024 cannot verify who a guardian is, but the server knows when the "guardian" is itself a child: an account of ours
 * whose date of birth makes them under 18. A 13-year-old naming a classmate's (or their own second, child) account as
 * guardian, or a classmate answering the link in the app they are signed in to, does not count as a parent's consent.
 */
describe('abuse: a child cannot be the guardian who consents', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const statusOf = async (userId: number) =>
    (await t.app.ctx.db.select().from(guardianConsents).where(eq(guardianConsents.userId, userId))).map(
      (row) => row.status,
    );

  it('ATTACK: refuses naming as guardian the address or mobile of an account whose date of birth makes it a minor', async () => {
    const child = await createMinor(t, 13);
    const classmate = await createMinor(t, 12);
    const ask = await t.client
      .as(child.token)
      .post('/consent', { guardian_name: 'Meera Nair', channel: 'email', guardian_email: classmate.email });
    // It was 200, and the link was mailed to the 12-year-old, who agreed; the 13-year-old could then pay and withdraw.
    expect(ask.statusCode).toBe(422);
    expect(ask.body.errors).toEqual({ guardian_email: [consentMessages.guardianIsAChild] });
    const [holder] = await t.app.ctx.db.select({ mobile: users.mobile }).from(users).where(eq(users.id, classmate.id));
    const byMobile = await t.client
      .as(child.token)
      .post('/consent', { guardian_name: 'Meera Nair', channel: 'mobile', guardian_mobile: holder!.mobile });
    expect(byMobile.statusCode).toBe(422);
    expect(byMobile.body.errors).toEqual({ guardian_mobile: [consentMessages.guardianIsAChild] });
    expect(await statusOf(child.id)).toEqual([]);
  });

  it('ATTACK: does not count an agreement sent with the session of an account that is itself a minor', async () => {
    const child = await createMinor(t, 13);
    const classmate = await createMinor(t, 13);
    // By mobile the child holds the link (decision 024) and passes it to a classmate, signed in to the app.
    const ask = await t.client
      .as(child.token)
      .post('/consent', { guardian_name: 'Meera Nair', channel: 'mobile', guardian_mobile: '9812345678' });
    expect(ask.statusCode).toBe(200);
    const token = new URL(ask.body.data.link as string).pathname.split('/').pop()!;
    const agree = await t.client.as(classmate.token).post(`/guardian/consent/${token}`, { agree: true });
    expect({ status: agree.statusCode, message: agree.body.message, consent: await statusOf(child.id) }).toEqual({
      status: 403,
      message: consentMessages.consentNotByAChild,
      consent: ['pending'],
    });
    expect((await t.client.as(child.token).get('/consent')).body.data.allowed).toBe(false);
  });

  it('(control) a mailed request to an adult’s address still works', async () => {
    const child = await createMinor(t, 13);
    const ask = await t.client
      .as(child.token)
      .post('/consent', { guardian_name: 'Meera Nair', channel: 'email', guardian_email: `p-${child.id}@example.com` });
    expect(ask.statusCode).toBe(200);
    expect(await consentTokenMailedTo(t, `p-${child.id}@example.com`)).toBeTruthy();
  });
});
