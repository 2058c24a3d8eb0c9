import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardianConsents } from '@app/db';
import { consentMessages } from '@app/contracts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createLearner } from '../fixtures.ts';
import { consentTokenMailedTo, createMinor, dobForAge } from '../consent-fixtures.ts';

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

  it('ATTACK: refuses naming as guardian the verified address of an account whose date of birth makes it a minor', async () => {
    const child = await createMinor(t, 13);
    const classmate = await createMinor(t, 12);
    const ask = await t.client
      .as(child.token)
      .post('/consent', { guardian_name: 'Meera Nair', channel: 'email', guardian_email: classmate.email });
    // It was 200, and the link was mailed to the 12-year-old, who agreed; the 13-year-old could then pay and withdraw.
    expect(ask.statusCode).toBe(422);
    expect(ask.body.errors).toEqual({ guardian_email: [consentMessages.guardianIsAChild] });
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
  it('ATTACK (false refusal): an unverified account at "mum+anything@" with a minor DOB does not lock the real parent out (learner and operator)', async () => {
    const child = await createMinor(t, 13);
    const parent = `mum-${child.id}@example.com`;
    // Anyone registers `mum+x@example.com` (only lower(email) is unique; never verified) and gives a child's DOB.
    await createLearner(t.app, {
      email: `mum-${child.id}+x@example.com`,
      verified: false,
      dateOfBirth: dobForAge(t.clock.now(), 12),
    });
    const ask = await t.client
      .as(child.token)
      .post('/consent', { guardian_name: 'Meera Nair', channel: 'email', guardian_email: parent });
    const admin = await createLearner(t.app, { roles: ['admin', 'learner'] });
    const named = await t.client.as(admin.token).post(`/admin/users/${child.id}/guardian`, {
      guardian_name: 'Meera Nair',
      channel: 'email',
      guardian_email: parent,
    });
    // The real parent's own address (never registered) can be asked; it was refused as "a child's".
    expect({ ask: ask.statusCode, named: named.statusCode, askErrors: ask.body.errors }).toEqual({
      ask: 200,
      named: 200,
      askErrors: undefined,
    });
    expect(await consentTokenMailedTo(t, parent)).toBeTruthy();
  });

  it('ATTACK (false refusal): a sibling registered with the parent’s mobile does not block that parent by mobile (learner and operator)', async () => {
    // Indian families share the parent's phone: the older sibling (15) signed up with mum's mobile; mum has an
    // adult account with it too. The younger child (13) names mum by mobile.
    const mobile = `98${String(Date.now()).slice(-8)}`;
    await createLearner(t.app, { mobile, dateOfBirth: '1985-05-05' });
    await createLearner(t.app, { mobile, dateOfBirth: dobForAge(t.clock.now(), 15) });
    const child = await createMinor(t, 13);
    const ask = await t.client
      .as(child.token)
      .post('/consent', { guardian_name: 'Meera Nair', channel: 'mobile', guardian_mobile: mobile });
    const admin = await createLearner(t.app, { roles: ['admin', 'learner'] });
    const named = await t.client.as(admin.token).post(`/admin/users/${child.id}/guardian`, {
      guardian_name: 'Meera Nair',
      channel: 'mobile',
      guardian_mobile: mobile,
    });
    expect({ ask: ask.statusCode, named: named.statusCode }).toEqual({ ask: 200, named: 200 });
  });

  it('ATTACK: a classmate with no DOB when asked, who then saves a minor’s DOB, cannot give the consent (signed out)', async () => {
    const child = await createMinor(t, 13);
    const classmate = await createLearner(t.app, { dateOfBirth: null });
    const ask = await t.client
      .as(child.token)
      .post('/consent', { guardian_name: 'Meera Nair', channel: 'email', guardian_email: classmate.email });
    expect(ask.statusCode).toBe(200);
    const dob = await t.client.as(classmate.token).put('/consent/dob', { date_of_birth: dobForAge(t.clock.now(), 12) });
    expect(dob.statusCode).toBe(200);
    // The server now knows the mailbox the link went to is a 12-year-old's: the answer checks it again.
    const token = await consentTokenMailedTo(t, classmate.email);
    const agree = await t.client.as(undefined).post(`/guardian/consent/${token}`, { agree: true });
    expect({ status: agree.statusCode, consent: await statusOf(child.id) }).toEqual({
      status: 403,
      consent: ['pending'],
    });
  });
});
