import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, devMailbox, guardianConsents, users } from '@app/db';
import { canonicalEmail, dayNumber, isoDay } from '@app/contracts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createLearner, getUser } from './fixtures.ts';
import { createBatch, createCourse } from './catalogue-fixtures.ts';
import { payThroughSandbox } from './checkout-fixtures.ts';
import { sha256Hex } from '../src/lib/crypto.ts';
import { consentTokenMailedTo, createMinor, dobForAge, giveConsentByEmail } from './consent-fixtures.ts';
import { validBank } from './wallet-fixtures.ts';

const REFUSED = 'A parent or guardian must agree before you can pay, redeem points or withdraw money.';

describe('parental consent (issue 16, part 7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const auditOf = async (action: string, entityId: number) =>
    t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));

  describe('status', () => {
    it('says not_needed for an adult, dob_needed without a date of birth, needed for a 13-year-old', async () => {
      const adult = await createLearner(t.app);
      expect((await t.client.as(adult.token).get('/consent')).body.data).toMatchObject({
        status: 'not_needed',
        allowed: true,
        age: expect.any(Number),
      });
      const unknown = await createLearner(t.app, { dateOfBirth: null });
      expect((await t.client.as(unknown.token).get('/consent')).body.data).toMatchObject({
        status: 'dob_needed',
        allowed: false,
        date_of_birth: null,
      });
      const child = await createMinor(t);
      expect((await t.client.as(child.token).get('/consent')).body.data).toMatchObject({
        status: 'needed',
        allowed: false,
        age: 13,
        guardian: null,
      });
    });

    it('asks a learner without a date of birth for it at the first money action, not before studying', async () => {
      const unknown = await createLearner(t.app, { dateOfBirth: null });
      const course = await createCourse(t.app, { pricePaise: 50_000 });
      const res = await t.client.as(unknown.token).post('/checkout', { course_id: course.id });
      expect(res.statusCode).toBe(403);
      expect(res.body).toEqual({
        status: false,
        message: 'Tell us your date of birth before you pay, redeem points or withdraw money.',
      });
      // Free content stays open.
      const free = await createCourse(t.app, { pricePaise: 0 });
      expect((await t.client.as(unknown.token).post('/checkout', { course_id: free.id })).statusCode).toBe(200);
      // Giving an adult's date of birth opens paying.
      const saved = await t.client.as(unknown.token).put('/consent/dob', { date_of_birth: '1995-08-20' });
      expect(saved.statusCode).toBe(200);
      expect(saved.body).toMatchObject({
        message: 'Date of birth saved.',
        data: { status: 'not_needed', allowed: true },
      });
      expect((await t.client.as(unknown.token).post('/checkout', { course_id: course.id })).statusCode).toBe(200);
    });
  });

  describe('date of birth', () => {
    it('422s a missing, unreal, future or out-of-range date of birth on PUT /consent/dob', async () => {
      const learner = await createLearner(t.app, { dateOfBirth: null });
      const today = isoDay(dayNumber(t.clock.now()));
      const cases: [unknown, string][] = [
        [undefined, 'Date of birth is required.'],
        ['', 'Date of birth is required.'],
        ['2012-02-30', 'Enter a valid date of birth.'],
        ['12/05/2012', 'Enter a valid date of birth.'],
        [isoDay(dayNumber(t.clock.now()) + 2), 'Date of birth cannot be in the future.'],
        [dobForAge(t.clock.now(), 4), 'Age must be between 5 and 100 years.'],
        [dobForAge(t.clock.now(), 101), 'Age must be between 5 and 100 years.'],
      ];
      for (const [value, message] of cases) {
        const res = await t.client
          .as(learner.token)
          .put('/consent/dob', value === undefined ? {} : { date_of_birth: value });
        expect(res.statusCode, String(value)).toBe(422);
        expect(res.body.errors.date_of_birth).toEqual([message]);
      }
      expect((await getUser(t.app, learner.id)).dateOfBirth).toBeNull();
      expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });

    it('asks for the date of birth at choose-level (POST /add-class) and stores it', async () => {
      const learner = await createLearner(t.app, { verified: false, dateOfBirth: null });
      const batch = await createBatch(t.app);
      const body = { syllabus: batch.syllabusId, standard: batch.standardId };
      const missing = await t.client.as(learner.token).post('/add-class', body);
      expect(missing.statusCode).toBe(422);
      expect(missing.body.errors).toEqual({ date_of_birth: ['Date of birth is required.'] });
      const future = await t.client.as(learner.token).post('/add-class', { ...body, date_of_birth: '2999-01-01' });
      expect(future.statusCode).toBe(422);
      expect((await getUser(t.app, learner.id)).isStandardPicked).toBe(false);
      const dob = dobForAge(t.clock.now(), 13);
      const ok = await t.client.as(learner.token).post('/add-class', { ...body, date_of_birth: dob });
      expect(ok.statusCode).toBe(200);
      expect(await getUser(t.app, learner.id)).toMatchObject({ dateOfBirth: dob, isStandardPicked: true });
    });

    it('does not let a child make themselves an adult or clear the date (profile, consent form, choose-level)', async () => {
      const child = await createMinor(t);
      const profile = (await t.client.as(child.token).get('/profile')).body.data;
      const form = {
        first_name: profile.first_name,
        last_name: profile.last_name,
        email: profile.email,
        mobile: profile.mobile,
      };
      for (const date_of_birth of ['1990-01-01', null]) {
        const res = await t.client.as(child.token).put('/profile', { ...form, date_of_birth });
        expect(res.statusCode).toBe(422);
        expect(res.body.errors.date_of_birth).toEqual([
          'Your date of birth cannot be changed this way. Please write to us to correct it.',
        ]);
      }
      expect((await t.client.as(child.token).put('/consent/dob', { date_of_birth: '1990-01-01' })).statusCode).toBe(
        422,
      );
      // A correction that makes them younger (a later date) is fine; back to an older one is not.
      expect(
        (await t.client.as(child.token).put('/consent/dob', { date_of_birth: dobForAge(t.clock.now(), 12) }))
          .statusCode,
      ).toBe(200);
      expect((await t.client.as(child.token).get('/consent')).body.data).toMatchObject({ status: 'needed', age: 12 });
      const older = await t.client.as(child.token).put('/consent/dob', { date_of_birth: dobForAge(t.clock.now(), 13) });
      expect(older.statusCode).toBe(422);
      expect(older.body.errors.date_of_birth).toEqual([
        'Your date of birth cannot be changed this way. Please write to us to correct it.',
      ]);
      expect((await getUser(t.app, child.id)).dateOfBirth).toBe(dobForAge(t.clock.now(), 12));
    });

    it('audits every change of the date of birth with the old and the new value, and no refused one', async () => {
      const learner = await createLearner(t.app, { dateOfBirth: null });
      const batch = await createBatch(t.app);
      const [d13, d12, d11, d14] = [13, 12, 11, 14].map((age) => dobForAge(t.clock.now(), age));
      const addClass = (date_of_birth: string) =>
        t.client
          .as(learner.token)
          .post('/add-class', { syllabus: batch.syllabusId, standard: batch.standardId, date_of_birth });
      expect((await addClass(d13!)).statusCode).toBe(200);
      expect((await t.client.as(learner.token).put('/consent/dob', { date_of_birth: d12 })).statusCode).toBe(200);
      const profile = (await t.client.as(learner.token).get('/profile')).body.data;
      const form = {
        first_name: profile.first_name,
        last_name: profile.last_name,
        email: profile.email,
        mobile: profile.mobile,
      };
      expect((await t.client.as(learner.token).put('/profile', { ...form, date_of_birth: d11 })).statusCode).toBe(200);
      // The same date again changes nothing; an older one is refused: neither is audited.
      expect((await t.client.as(learner.token).put('/profile', { ...form, date_of_birth: d11 })).statusCode).toBe(200);
      expect((await t.client.as(learner.token).put('/consent/dob', { date_of_birth: d14 })).statusCode).toBe(422);
      expect((await addClass(d14!)).statusCode).toBe(422);
      const audits = await t.app.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'user.date_of_birth'), eq(auditLog.entityId, String(learner.id))))
        .orderBy(auditLog.id);
      expect(audits.map((a) => ({ actorId: a.actorId, entity: a.entity, before: a.before, after: a.after }))).toEqual([
        {
          actorId: learner.id,
          entity: 'users',
          before: { date_of_birth: null },
          after: { date_of_birth: d13, via: 'add-class' },
        },
        {
          actorId: learner.id,
          entity: 'users',
          before: { date_of_birth: d13 },
          after: { date_of_birth: d12, via: 'consent' },
        },
        {
          actorId: learner.id,
          entity: 'users',
          before: { date_of_birth: d12 },
          after: { date_of_birth: d11, via: 'profile' },
        },
      ]);
    });
  });

  describe('asking a guardian', () => {
    it("mails the link by email in the learner's language, keeping only the token's SHA-256", async () => {
      const child = await createMinor(t);
      await t.app.ctx.db
        .update(users)
        .set({ language: 'hi', firstName: 'Aarav', lastName: 'Nair' })
        .where(eq(users.id, child.id));
      const res = await t.client
        .as(child.token)
        .post('/consent', { guardian_name: 'Meera Nair', channel: 'email', guardian_email: 'Meera.Nair@Example.com' });
      expect(res.statusCode).toBe(200);
      expect(res.body.message).toBe('We have emailed the consent link to your parent or guardian.');
      expect(res.body.data).toMatchObject({
        status: 'pending',
        allowed: false,
        link: null,
        whatsapp_url: null,
        guardian: { name: 'Meera Nair', channel: 'email', contact: 'me****@example.com' },
      });
      const [mail] = await t.app.ctx.db.select().from(devMailbox).where(eq(devMailbox.to, 'meera.nair@example.com'));
      expect(mail!.subject).toBe('Aarav Nair Live Connect पर आपकी सहमति माँग रहे हैं');
      expect(mail!.text).toContain('नमस्ते Meera Nair');
      const token = await consentTokenMailedTo(t, 'meera.nair@example.com');
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(mail!.text).toContain(`http://localhost:3000/guardian/consent/${token}`);
      expect(mail!.html).toContain(`href="http://localhost:3000/guardian/consent/${token}?lang=hi"`);
      const [row] = await t.app.ctx.db.select().from(guardianConsents).where(eq(guardianConsents.userId, child.id));
      expect(row).toMatchObject({
        tokenHash: sha256Hex(token),
        status: 'pending',
        guardianEmail: 'meera.nair@example.com',
        guardianMobile: null,
      });
      expect(JSON.stringify(row)).not.toContain(token);
      const [audit] = await auditOf('consent.request', row!.id);
      expect(audit).toMatchObject({ actorId: child.id, entity: 'guardian_consents' });
      expect(audit!.after).toMatchObject({ channel: 'email', guardian: 'me****@example.com' });
    });

    it("gives a mobile guardian's link and a WhatsApp URL to pass on (no SMS gateway), and mails nobody", async () => {
      const child = await createMinor(t);
      const before = (await t.app.ctx.db.select().from(devMailbox)).length;
      // The web form posts what it parsed: the unused contact as null.
      const res = await t.client.as(child.token).post('/consent', {
        guardian_name: 'Ravi Kumar',
        channel: 'mobile',
        guardian_email: null,
        guardian_mobile: '9876543210',
      });
      expect(res.statusCode).toBe(200);
      expect(res.body.message).toBe('Send the consent link to your parent or guardian.');
      const { link, whatsapp_url: wa, guardian } = res.body.data;
      expect(guardian).toEqual({ name: 'Ravi Kumar', channel: 'mobile', contact: '******3210' });
      expect(link).toMatch(/^http:\/\/localhost:3000\/guardian\/consent\/[A-Za-z0-9_-]{43}$/);
      expect(wa.startsWith('https://wa.me/919876543210?text=')).toBe(true);
      expect(decodeURIComponent(wa.split('?text=')[1])).toContain(link);
      expect((await t.app.ctx.db.select().from(devMailbox)).length).toBe(before);
      const token = link.split('/').pop();
      expect((await t.client.as(undefined).get(`/guardian/consent/${token}`)).body.data).toMatchObject({
        status: 'pending',
        guardian_name: 'Ravi Kumar',
      });
    });

    it("validates the guardian: name, a valid email or Indian mobile, and not the learner's own", async () => {
      const child = await createLearner(t.app, { dateOfBirth: dobForAge(t.clock.now(), 13), mobile: '9123456789' });
      const cases: [object, string, string][] = [
        [
          { guardian_name: '', channel: 'email', guardian_email: 'p@example.com' },
          'guardian_name',
          'Enter the name of your parent or guardian.',
        ],
        [
          { guardian_name: 'P', channel: 'email', guardian_email: '' },
          'guardian_email',
          'Enter the email or the mobile number of your parent or guardian.',
        ],
        [{ guardian_name: 'P', channel: 'email', guardian_email: 'not-an-email' }, 'guardian_email', 'Invalid Email.'],
        [
          { guardian_name: 'P', channel: 'mobile', guardian_mobile: '12345' },
          'guardian_mobile',
          'Invalid Mobile Number',
        ],
        [
          { guardian_name: 'P', channel: 'mobile', guardian_mobile: '9123456789' },
          'guardian_mobile',
          'Enter the email or mobile number of your parent or guardian, not your own.',
        ],
        [
          { guardian_name: 'P', channel: 'email', guardian_email: child.email.toUpperCase() },
          'guardian_email',
          'Enter the email or mobile number of your parent or guardian, not your own.',
        ],
      ];
      for (const [body, field, message] of cases) {
        const res = await t.client.as(child.token).post('/consent', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.body.errors[field]).toEqual([message]);
      }
    });

    it('refuses to ask for an adult (not needed) and for a learner without a date of birth', async () => {
      const adult = await createLearner(t.app);
      const body = { guardian_name: 'P', channel: 'email', guardian_email: 'p@example.com' };
      expect((await t.client.as(adult.token).post('/consent', body)).body).toEqual({
        status: false,
        message: "You do not need a parent's consent.",
      });
      const unknown = await createLearner(t.app, { dateOfBirth: null });
      expect((await t.client.as(unknown.token).post('/consent', body)).statusCode).toBe(400);
    });

    it('rate-limits requests per learner (429 after five an hour)', async () => {
      const child = await createMinor(t);
      for (let i = 0; i < 5; i++) {
        const res = await t.client
          .as(child.token)
          .post('/consent', { guardian_name: 'P', channel: 'mobile', guardian_mobile: '9876500000' });
        expect(res.statusCode).toBe(200);
      }
      const sixth = await t.client
        .as(child.token)
        .post('/consent', { guardian_name: 'P', channel: 'mobile', guardian_mobile: '9876500000' });
      expect(sixth.statusCode).toBe(429);
    });
  });

  describe("the guardian's link", () => {
    it('shows who asks, takes the agreement with its evidence, then paying works', async () => {
      const child = await createMinor(t);
      await t.app.ctx.db.update(users).set({ firstName: 'Diya', lastName: 'Menon' }).where(eq(users.id, child.id));
      const course = await createCourse(t.app, { pricePaise: 49_900, name: 'Physics Basics' });
      expect((await t.client.as(child.token).post('/checkout', { course_id: course.id })).body).toEqual({
        status: false,
        message: REFUSED,
      });

      await t.client
        .as(child.token)
        .post('/consent', { guardian_name: 'Lakshmi Menon', channel: 'email', guardian_email: 'lakshmi@example.com' });
      const token = await consentTokenMailedTo(t, 'lakshmi@example.com');
      const guardian = t.client.as(undefined);
      const page = await guardian.get(`/guardian/consent/${token}`);
      expect(page.statusCode).toBe(200);
      expect(page.body.data).toMatchObject({
        status: 'pending',
        child_name: 'Diya Menon',
        guardian_name: 'Lakshmi Menon',
        language: 'en',
        given_at: null,
      });
      expect((await guardian.get(`/guardian/consent/${token}/purchases`)).statusCode).toBe(403);

      const unticked = await guardian.post(`/guardian/consent/${token}`, { agree: false });
      expect(unticked.statusCode).toBe(422);
      expect(unticked.body.errors.agree).toEqual(['Tick the box to agree.']);
      const agreed = await guardian
        .from('203.0.113.7')
        .post(`/guardian/consent/${token}`, { agree: true }, { 'user-agent': 'GuardianBrowser/1.0' });
      expect(agreed.statusCode).toBe(200);
      expect(agreed.body).toMatchObject({
        message: 'Thank you. Your consent is recorded.',
        data: { status: 'given', given_at: expect.any(String) },
      });
      const [row] = await t.app.ctx.db.select().from(guardianConsents).where(eq(guardianConsents.userId, child.id));
      expect(row).toMatchObject({ status: 'given', answerIp: '203.0.113.7', answerUserAgent: 'GuardianBrowser/1.0' });
      expect(await auditOf('consent.given', row!.id)).toHaveLength(1);
      // Agreeing twice changes nothing.
      expect((await guardian.post(`/guardian/consent/${token}`, { agree: true })).statusCode).toBe(200);
      expect(await auditOf('consent.given', row!.id)).toHaveLength(1);

      expect((await t.client.as(child.token).get('/consent')).body.data).toMatchObject({
        status: 'given',
        allowed: true,
      });
      const { purchaseId } = await payThroughSandbox(t, child, '/checkout', { course_id: course.id });
      const purchases = await guardian.get(`/guardian/consent/${token}/purchases`);
      const documents = `/live-connect/api/guardian/consent/${token}/invoices/${purchaseId}`;
      expect(purchases.body.data).toEqual([
        {
          id: purchaseId,
          item: 'Physics Basics',
          kind: 'course',
          amount: 499,
          date: expect.any(String),
          status: 'paid',
          invoice_url: `${documents}/pdf`,
          credit_note_url: null,
        },
      ]);
      // The parent who paid opens the GST tax invoice through their own link, no account needed.
      const pdf = await guardian.get(purchases.body.data[0].invoice_url);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['cache-control']).toBe('private, no-store');
      // No credit note before a refund.
      expect((await guardian.get(`${documents}/credit-note/pdf`)).statusCode).toBe(404);
    });

    it("ATTACK: a guardian's link opens the tax documents of that child's purchases only, and only once answered", async () => {
      const child = await createMinor(t);
      const course = await createCourse(t.app, { pricePaise: 29_900 });
      await t.client
        .as(child.token)
        .post('/consent', { guardian_name: 'Amma', channel: 'email', guardian_email: 'amma-docs@example.com' });
      const token = await consentTokenMailedTo(t, 'amma-docs@example.com');
      const stranger = await createLearner(t.app);
      const theirs = (await payThroughSandbox(t, stranger, '/checkout', { course_id: course.id })).purchaseId;
      const guardian = t.client.as(undefined);
      const invoiceOf = (purchaseId: number) => guardian.get(`/guardian/consent/${token}/invoices/${purchaseId}/pdf`);
      // Pending: nothing (403), as the purchases list.
      expect((await invoiceOf(theirs)).statusCode).toBe(403);
      expect((await guardian.post(`/guardian/consent/${token}`, { agree: true })).statusCode).toBe(200);
      // Another learner's purchase through this child's link: 404, as for a stranger.
      expect((await invoiceOf(theirs)).statusCode).toBe(404);
      const own = (await payThroughSandbox(t, child, '/checkout', { course_id: course.id })).purchaseId;
      expect((await invoiceOf(own)).statusCode).toBe(200);
      // A token that is not a consent link opens nothing.
      expect((await guardian.get(`/guardian/consent/${'x'.repeat(43)}/invoices/${own}/pdf`)).statusCode).toBe(404);
    });

    it("refuses an agreement sent with the learner's own session, and takes one from the guardian's own phone", async () => {
      const child = await createMinor(t);
      const asked = await t.client
        .as(child.token)
        .post('/consent', { guardian_name: 'Amma', channel: 'mobile', guardian_mobile: '9876512345' });
      // By mobile, the link comes back to the learner to send on: they hold it.
      const token = asked.body.data.link.match(/consent\/([A-Za-z0-9_-]+)/)[1];

      // Opened in the app they are signed in to, their token goes with it.
      const own = await t.client.as(child.token).post(`/guardian/consent/${token}`, { agree: true });
      expect(own.statusCode).toBe(403);
      expect(own.body).toEqual({
        status: false,
        message: 'This link is for your guardian, not for you. Please ask them to open it on their own phone.',
      });
      expect((await t.client.as(child.token).get('/consent')).body.data).toMatchObject({ allowed: false });
      expect((await t.client.as(child.token).post('/bank-details', validBank)).statusCode).toBe(403);
      const [request] = await t.app.ctx.db
        .select({ id: guardianConsents.id })
        .from(guardianConsents)
        .where(eq(guardianConsents.tokenHash, sha256Hex(token)));
      expect((await auditOf('consent.refused_own_answer', request!.id)).map((row) => row.actorId)).toEqual([child.id]);

      // Someone else signed in (a parent with an account of their own), or nobody: the guardian's answer counts.
      const parent = await createLearner(t.app);
      const agreed = await t.client.as(parent.token).post(`/guardian/consent/${token}`, { agree: true });
      expect(agreed.statusCode).toBe(200);
      expect((await t.client.as(child.token).get('/consent')).body.data).toMatchObject({ allowed: true });
    });

    it('withdrawing consent blocks the money actions again at once; the link cannot agree again; only that guardian may be asked again', async () => {
      const child = await createMinor(t);
      const token = await giveConsentByEmail(t, child);
      const course = await createCourse(t.app, { pricePaise: 20_000 });
      const withdrawn = await t.client.as(undefined).post(`/guardian/consent/${token}/withdraw`);
      expect(withdrawn.statusCode).toBe(200);
      expect(withdrawn.body).toMatchObject({
        message: 'Consent withdrawn. Payments and withdrawals are blocked again.',
        data: { status: 'withdrawn' },
      });
      expect((await t.client.as(child.token).post('/checkout', { course_id: course.id })).statusCode).toBe(403);
      expect((await t.client.as(child.token).get('/consent')).body.data).toMatchObject({
        status: 'withdrawn',
        allowed: false,
        withdrawn_at: expect.any(String),
      });
      const [row] = await t.app.ctx.db.select().from(guardianConsents).where(eq(guardianConsents.userId, child.id));
      expect(await auditOf('consent.withdrawn', row!.id)).toHaveLength(1);
      const again = await t.client.as(undefined).post(`/guardian/consent/${token}`, { agree: true });
      expect(again.statusCode).toBe(400);
      // The guardian still sees the purchases after withdrawing.
      expect((await t.client.as(undefined).get(`/guardian/consent/${token}/purchases`)).statusCode).toBe(200);
      // Only the guardian who withdrew can give it again: another contact is refused (decision 024)...
      const other = await t.client
        .as(child.token)
        .post('/consent', { guardian_name: 'Second', channel: 'email', guardian_email: 'second-parent@example.com' });
      expect(other.statusCode).toBe(400);
      expect(other.body).toEqual({
        status: false,
        message: 'Your guardian withdrew consent. Only they can give it again; to name another guardian, write to us.',
      });
      expect((await t.client.as(child.token).get('/consent')).body.data.status).toBe('withdrawn');
      // ...while the same guardian, asked again, gets a new link and can answer it.
      const second = await giveConsentByEmail(t, child);
      expect(second).not.toBe(token);
      expect((await t.client.as(child.token).get('/consent')).body.data.status).toBe('given');
    });

    it('answers 404 to a wrong token and to a superseded one (the learner asked again)', async () => {
      const child = await createMinor(t);
      await t.client
        .as(child.token)
        .post('/consent', { guardian_name: 'A', channel: 'email', guardian_email: 'first@example.com' });
      const first = await consentTokenMailedTo(t, 'first@example.com');
      await t.client
        .as(child.token)
        .post('/consent', { guardian_name: 'B', channel: 'email', guardian_email: 'second@example.com' });
      const second = await consentTokenMailedTo(t, 'second@example.com');
      const guardian = t.client.as(undefined);
      for (const token of [first, 'x'.repeat(43), 'A'.repeat(43)]) {
        for (const res of [
          await guardian.get(`/guardian/consent/${token}`),
          await guardian.post(`/guardian/consent/${token}`, { agree: true }),
          await guardian.post(`/guardian/consent/${token}/withdraw`),
          await guardian.get(`/guardian/consent/${token}/purchases`),
        ]) {
          expect(res.statusCode).toBe(404);
          expect(res.body).toEqual({
            status: false,
            message: 'This consent link is not valid. It may have been replaced by a newer one.',
          });
        }
      }
      expect((await guardian.get('/guardian/consent/short')).statusCode).toBe(422);
      expect((await t.client.as(child.token).get('/consent')).body.data.guardian).toMatchObject({ name: 'B' });
      expect((await guardian.post(`/guardian/consent/${second}`, { agree: true })).statusCode).toBe(200);
      const rows = await t.app.ctx.db.select().from(guardianConsents).where(eq(guardianConsents.userId, child.id));
      expect(rows.map((r) => r.status).sort()).toEqual(['given', 'superseded']);
    });

    it("needs the XSRF echo on the guardian's POSTs, as every public POST", async () => {
      const child = await createMinor(t);
      await t.client
        .as(child.token)
        .post('/consent', { guardian_name: 'A', channel: 'email', guardian_email: `x-${child.id}@example.com` });
      const token = await consentTokenMailedTo(t, `x-${child.id}@example.com`);
      const res = await t.app.inject({
        method: 'POST',
        url: `/live-connect/api/guardian/consent/${token}`,
        payload: { agree: true },
      });
      expect(res.statusCode).toBe(403);
    });

    it('expires a pending link after 7 days: it answers 404 saying so and cannot give consent', async () => {
      const child = await createMinor(t);
      const email = `late-${child.id}@example.com`;
      await t.client.as(child.token).post('/consent', { guardian_name: 'A', channel: 'email', guardian_email: email });
      const token = await consentTokenMailedTo(t, email);
      const guardian = t.client.as(undefined);
      const DAY = 86_400_000;
      t.clock.advance(7 * DAY - 60_000);
      try {
        // A minute short of 7 days the link still opens.
        expect((await guardian.get(`/guardian/consent/${token}`)).body.data).toMatchObject({ status: 'pending' });
        expect((await t.client.as(child.token).get('/consent')).body.data).toMatchObject({ link_expired: false });
        t.clock.advance(60_000);
        // The learner is told, so they do not wait on a dead link.
        expect((await t.client.as(child.token).get('/consent')).body.data).toMatchObject({
          status: 'pending',
          link_expired: true,
        });
        const expired = {
          status: false,
          message: 'This consent link has expired: links work for 7 days. Please ask for a new one.',
        };
        for (const res of [
          await guardian.get(`/guardian/consent/${token}`),
          await guardian.post(`/guardian/consent/${token}`, { agree: true }),
          await guardian.post(`/guardian/consent/${token}/withdraw`),
        ]) {
          expect(res.statusCode).toBe(404);
          expect(res.body).toEqual(expired);
        }
        expect((await t.client.as(child.token).get('/consent')).body.data).toMatchObject({ allowed: false });
        const [row] = await t.app.ctx.db.select().from(guardianConsents).where(eq(guardianConsents.userId, child.id));
        expect(row).toMatchObject({ status: 'pending', givenAt: null });
        // The learner asks again: a fresh link works.
        await giveConsentByEmail(t, child, email);
        expect((await t.client.as(child.token).get('/consent')).body.data).toMatchObject({
          status: 'given',
          link_expired: false,
        });
      } finally {
        t.clock.advance(-7 * DAY);
      }
    });

    it('refuses a different mobile after a mobile guardian withdrew, and takes the same one', async () => {
      const child = await createMinor(t);
      const ask = (mobile: string) =>
        t.client
          .as(child.token)
          .post('/consent', { guardian_name: 'Ravi', channel: 'mobile', guardian_mobile: mobile });
      const first = await ask('9876512345');
      const token = first.body.data.link.split('/').pop();
      expect((await t.client.as(undefined).post(`/guardian/consent/${token}/withdraw`)).statusCode).toBe(200);
      for (const res of [
        await ask('9876599999'),
        await t.client
          .as(child.token)
          .post('/consent', { guardian_name: 'Ravi', channel: 'email', guardian_email: 'ravi@example.com' }),
      ]) {
        expect(res.statusCode).toBe(400);
        expect(res.body.message).toBe(
          'Your guardian withdrew consent. Only they can give it again; to name another guardian, write to us.',
        );
      }
      expect((await ask('9876512345')).statusCode).toBe(200);
    });

    it('answers the learner even when the mail to the guardian cannot be queued (logged and counted)', async () => {
      const child = await createMinor(t);
      const before = t.app.ctx.mailer.stats.notQueued;
      const send = vi.spyOn(t.app.ctx.mailer, 'send').mockRejectedValueOnce(new Error('queue down'));
      try {
        const res = await t.client
          .as(child.token)
          .post('/consent', { guardian_name: 'A', channel: 'email', guardian_email: `down-${child.id}@example.com` });
        expect(res.statusCode).toBe(200);
        expect(res.body.data).toMatchObject({ status: 'pending' });
        expect(send).toHaveBeenCalledTimes(1);
      } finally {
        send.mockRestore();
      }
      expect(t.app.ctx.mailer.stats.notQueued).toBe(before + 1);
    });
  });

  describe("the operator's correction", () => {
    it('corrects a date of birth either way, audited with the operator, the old and the new value', async () => {
      const admin = await createLearner(t.app, { roles: ['admin', 'learner'] });
      const child = await createMinor(t);
      await giveConsentByEmail(t, child, `guardian-${child.id}@example.com`);
      const detail = await t.client.as(admin.token).get(`/admin/users/${child.id}`);
      expect(detail.body.data.consent).toEqual({
        date_of_birth: dobForAge(t.clock.now(), 13),
        age: 13,
        status: 'given',
        guardian: { name: 'Meera Nair', email: `guardian-${child.id}@example.com`, mobile: null },
        requested_at: expect.any(String),
        given_at: expect.any(String),
        withdrawn_at: null,
        is_link_expired: false,
        is_named_by_operator: false,
      });
      const adult = dobForAge(t.clock.now(), 19);
      const res = await t.client
        .as(admin.token)
        .put(`/admin/users/${child.id}/date-of-birth`, { date_of_birth: adult });
      expect(res.statusCode).toBe(200);
      expect(res.body.message).toBe('Date of birth corrected.');
      expect(res.body.data.consent).toMatchObject({ date_of_birth: adult, age: 19, status: 'not_needed' });
      const back = dobForAge(t.clock.now(), 13);
      expect(
        (await t.client.as(admin.token).put(`/admin/users/${child.id}/date-of-birth`, { date_of_birth: back }))
          .statusCode,
      ).toBe(200);
      const audits = await t.app.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'user.date_of_birth'), eq(auditLog.entityId, String(child.id))))
        .orderBy(auditLog.id);
      expect(audits.map((a) => ({ actorId: a.actorId, before: a.before, after: a.after }))).toEqual([
        { actorId: admin.id, before: { date_of_birth: back }, after: { date_of_birth: adult, via: 'operator' } },
        { actorId: admin.id, before: { date_of_birth: adult }, after: { date_of_birth: back, via: 'operator' } },
      ]);
    });

    it('is for operators only, and 422s a bad date with its field error', async () => {
      const admin = await createLearner(t.app, { roles: ['admin', 'learner'] });
      const child = await createMinor(t);
      const adult = { date_of_birth: '1990-01-01' };
      const asLearner = await t.client.as(child.token).put(`/admin/users/${child.id}/date-of-birth`, adult);
      expect(asLearner.statusCode).toBe(403);
      expect((await t.client.as(undefined).put(`/admin/users/${child.id}/date-of-birth`, adult)).statusCode).toBe(401);
      const cases: [object, string][] = [
        [{}, 'Date of birth is required.'],
        [{ date_of_birth: '2012-02-30' }, 'Enter a valid date of birth.'],
        [{ date_of_birth: '2999-01-01' }, 'Date of birth cannot be in the future.'],
        [{ date_of_birth: dobForAge(t.clock.now(), 2) }, 'Age must be between 5 and 100 years.'],
      ];
      for (const [body, message] of cases) {
        const res = await t.client.as(admin.token).put(`/admin/users/${child.id}/date-of-birth`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.body.errors).toEqual({ date_of_birth: [message] });
      }
      expect((await t.client.as(admin.token).put('/admin/users/999999/date-of-birth', adult)).statusCode).toBe(404);
      expect((await getUser(t.app, child.id)).dateOfBirth).toBe(dobForAge(t.clock.now(), 13));
      expect(
        await t.app.ctx.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'user.date_of_birth'), eq(auditLog.entityId, String(child.id)))),
      ).toEqual([]);
    });
  });

  describe("the operator's naming of another guardian", () => {
    const NAMED_ONLY =
      "We have your guardian's contact on record. Only they can give consent; to name another guardian, write to us.";

    it('sends the link to the guardian the operator names after a withdrawal; the learner may then ask only them', async () => {
      const admin = await createLearner(t.app, { roles: ['admin', 'learner'] });
      const child = await createMinor(t);
      const first = `first-parent-${child.id}@example.com`;
      const token = await giveConsentByEmail(t, child, first);
      expect((await t.client.as(undefined).post(`/guardian/consent/${token}/withdraw`)).statusCode).toBe(200);

      const named = `named-parent-${child.id}@example.com`;
      const res = await t.client.as(admin.token).post(`/admin/users/${child.id}/guardian`, {
        guardian_name: 'Ravi Nair',
        channel: 'email',
        guardian_email: named,
      });
      expect(res.statusCode).toBe(200);
      expect(res.body.message).toBe('Guardian named. The consent link was mailed to them.');
      expect(res.body.data).toMatchObject({ link: null, whatsapp_url: null });
      expect(res.body.data.consent).toMatchObject({
        status: 'pending',
        guardian: { name: 'Ravi Nair', email: named, mobile: null },
        is_named_by_operator: true,
      });
      const [row] = await t.app.ctx.db
        .select()
        .from(guardianConsents)
        .where(and(eq(guardianConsents.userId, child.id), eq(guardianConsents.status, 'pending')));
      expect(row).toMatchObject({ namedBy: admin.id, guardianEmail: named });
      const [audit] = await auditOf('consent.guardian_named', row!.id);
      expect(audit).toMatchObject({ actorId: admin.id, after: { user_id: child.id, channel: 'email' } });

      // The learner can neither go back to the guardian who withdrew nor name anyone else now...
      for (const email of [first, `own-inbox-${child.id}@example.com`]) {
        const other = await t.client
          .as(child.token)
          .post('/consent', { guardian_name: 'Someone', channel: 'email', guardian_email: email });
        expect(other.statusCode, email).toBe(400);
        expect(other.body).toEqual({ status: false, message: NAMED_ONLY });
      }
      // ...but may ask the named guardian again (a lost mail), and their agreement opens the money actions.
      const agreed = await giveConsentByEmail(t, child, named);
      expect(agreed).toBeTruthy();
      expect((await t.client.as(child.token).get('/consent')).body.data).toMatchObject({
        status: 'given',
        allowed: true,
      });
      // The first guardian's link no longer shows the child's purchases, nor anything else: it is not on record.
      for (const path of ['', '/purchases']) {
        const old = await t.client.as(undefined).get(`/guardian/consent/${token}${path}`);
        expect(old.statusCode, path).toBe(404);
        expect(old.body.message).toBe('This consent link is not valid. It may have been replaced by a newer one.');
      }
      expect((await t.client.as(undefined).get(`/guardian/consent/${agreed}/purchases`)).statusCode).toBe(200);
    });

    it("by mobile gives the operator the link and a WhatsApp URL to pass on, in the learner's language", async () => {
      const admin = await createLearner(t.app, { roles: ['admin', 'learner'] });
      const child = await createMinor(t);
      await t.app.ctx.db.update(users).set({ language: 'hi' }).where(eq(users.id, child.id));
      const res = await t.client.as(admin.token).post(`/admin/users/${child.id}/guardian`, {
        guardian_name: 'Ravi',
        channel: 'mobile',
        guardian_mobile: '9876501234',
      });
      expect(res.statusCode).toBe(200);
      expect(res.body.message).toBe('Guardian named. Send them the consent link below.');
      expect(res.body.data.link).toMatch(/\/guardian\/consent\/[A-Za-z0-9_-]{43}\?lang=hi$/);
      expect(res.body.data.whatsapp_url).toMatch(/^https:\/\/wa\.me\/919876501234\?text=/);
      const token = res.body.data.link.match(/consent\/([A-Za-z0-9_-]+)/)[1];
      expect((await t.client.as(undefined).post(`/guardian/consent/${token}`, { agree: true })).statusCode).toBe(200);
      expect((await t.client.as(child.token).get('/consent')).body.data.status).toBe('given');
    });

    it("is for operators only; checks the guardian as the learner's form does; refuses when no consent can be asked", async () => {
      const admin = await createLearner(t.app, { roles: ['admin', 'learner'] });
      const child = await createMinor(t);
      const body = { guardian_name: 'Ravi', channel: 'email', guardian_email: `ravi-${child.id}@example.com` };
      expect((await t.client.as(child.token).post(`/admin/users/${child.id}/guardian`, body)).statusCode).toBe(403);
      expect((await t.client.as(undefined).post(`/admin/users/${child.id}/guardian`, body)).statusCode).toBe(401);
      expect((await t.client.as(admin.token).post('/admin/users/999999/guardian', body)).statusCode).toBe(404);
      const as = (payload: object) => t.client.as(admin.token).post(`/admin/users/${child.id}/guardian`, payload);
      expect((await as({ ...body, guardian_email: 'not-an-email' })).body.errors).toEqual({
        guardian_email: ['Invalid Email.'],
      });
      expect((await as({ ...body, guardian_email: child.email })).body.errors).toEqual({
        guardian_email: ["That is the learner's own email or mobile number: enter the guardian's."],
      });
      expect((await as({ ...body, guardian_name: ' ' })).body.errors).toEqual({
        guardian_name: ["Enter the guardian's name."],
      });
      expect((await as({ ...body, guardian_email: '' })).body.errors).toEqual({
        guardian_email: ["Enter the guardian's email or mobile number."],
      });
      const adult = await createLearner(t.app, { dateOfBirth: dobForAge(t.clock.now(), 19) });
      const forAdult = await t.client.as(admin.token).post(`/admin/users/${adult.id}/guardian`, body);
      expect(forAdult.statusCode).toBe(400);
      await giveConsentByEmail(t, child);
      expect((await as(body)).statusCode).toBe(400);
      expect(await t.app.ctx.db.select().from(guardianConsents).where(eq(guardianConsents.userId, adult.id))).toEqual(
        [],
      );
      const rows = await t.app.ctx.db.select().from(guardianConsents).where(eq(guardianConsents.userId, child.id));
      expect(rows.map((r) => [r.status, r.namedBy])).toEqual([['given', null]]);
    });
  });

  describe('adults', () => {
    it('are unaffected: an adult pays with no guardian at all', async () => {
      const adult = await createLearner(t.app);
      const course = await createCourse(t.app, { pricePaise: 30_000 });
      await payThroughSandbox(t, adult, '/checkout', { course_id: course.id });
      expect(await t.app.ctx.db.select().from(guardianConsents).where(eq(guardianConsents.userId, adult.id))).toEqual(
        [],
      );
    });

    it('a learner who turns 18 no longer needs consent (age in India time)', async () => {
      // 18 in ten days' time.
      const now = t.clock.now();
      const birthday = isoDay(dayNumber(now) + 10);
      const dob = `${Number(birthday.slice(0, 4)) - 18}${birthday.slice(4)}`.replace(/-02-29$/, '-02-28');
      const child = await createLearner(t.app, { dateOfBirth: dob });
      const course = await createCourse(t.app, { pricePaise: 10_000 });
      expect((await t.client.as(child.token).post('/checkout', { course_id: course.id })).statusCode).toBe(403);
      t.clock.advance(11 * 86_400_000);
      try {
        expect((await t.client.as(child.token).get('/consent')).body.data).toMatchObject({
          status: 'not_needed',
          age: 18,
        });
        expect((await t.client.as(child.token).post('/checkout', { course_id: course.id })).statusCode).toBe(200);
      } finally {
        t.clock.advance(-11 * 86_400_000);
      }
    });

    it("the guardian's link of a learner who turns 18 opens nothing any more, purchases included", async () => {
      // 18 in ten days' time.
      const now = t.clock.now();
      const birthday = isoDay(dayNumber(now) + 10);
      const dob = `${Number(birthday.slice(0, 4)) - 18}${birthday.slice(4)}`.replace(/-02-29$/, '-02-28');
      const child = await createLearner(t.app, { dateOfBirth: dob });
      const token = await giveConsentByEmail(t, child);
      expect((await t.client.as(undefined).get(`/guardian/consent/${token}/purchases`)).statusCode).toBe(200);
      t.clock.advance(11 * 86_400_000);
      try {
        expect((await t.client.as(child.token).get('/consent')).body.data).toMatchObject({
          status: 'not_needed',
          age: 18,
        });
        // The guardian's link no longer opens the adult's purchases, nor withdraws a consent nobody needs.
        const ADULT = {
          status: false,
          message:
            "This learner is 18 or over now: a guardian's consent is no longer needed, and this link no longer opens anything.",
        };
        for (const [method, path] of [
          ['get', ''],
          ['get', '/purchases'],
          ['post', '/withdraw'],
        ] as const) {
          const res = await t.client.as(undefined)[method](`/guardian/consent/${token}${path}`);
          expect(res.statusCode, path).toBe(404);
          expect(res.body).toEqual(ADULT);
        }
        expect((await t.client.as(child.token).get('/consent')).body.data).toMatchObject({ allowed: true });
      } finally {
        t.clock.advance(-11 * 86_400_000);
      }
    });
  });

  it('GET /legal names the configured operator, contact and grievance officer', async () => {
    const other = await createTestApp({
      env: {
        OPERATOR_LEGAL_NAME: 'Vidya Learning Pvt Ltd',
        OPERATOR_ADDRESS: '12 Beach Road, Kozhikode 673001',
        CONTACT_EMAIL: 'hello@vidya.example',
        GRIEVANCE_OFFICER_NAME: 'Anil Varma',
        GRIEVANCE_OFFICER_EMAIL: 'grievance@vidya.example',
      },
    });
    try {
      const res = await other.client.as(undefined).get('/legal');
      expect(res.statusCode).toBe(200);
      expect(res.body.data).toEqual({
        app_name: 'Live Connect',
        operator: { legal_name: 'Vidya Learning Pvt Ltd', address: '12 Beach Road, Kozhikode 673001' },
        contact_email: 'hello@vidya.example',
        grievance_officer: {
          name: 'Anil Varma',
          email: 'grievance@vidya.example',
          address: '12 Beach Road, Kozhikode 673001',
        },
        grievance_response_days: 15,
        retention_days: 30,
      });
    } finally {
      await other.close();
    }
  });
});

describe('parental consent: mails to one guardian’s address (decision 024, later)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Every request here comes from one test address: its own limit is not what is tested.
    t = await createTestApp({ rateLimits: { consentRequestsPerIp: { points: 10_000, durationSeconds: 60 } } });
  });
  afterAll(async () => {
    await t.close();
  });

  const ask = async (token: string, guardianEmail: string) =>
    (await t.client.as(token).post('/consent', { guardian_name: 'P', channel: 'email', guardian_email: guardianEmail }))
      .statusCode;

  it("ATTACK: many accounts cannot flood one guardian's inbox, however the address is written: three mails an account, ten accounts a day", async () => {
    // One Gmail inbox, written four ways (case, dots, +tags, googlemail.com).
    const variants = [
      'victim.parent@gmail.com',
      'VictimParent+1@gmail.com',
      'victimparent+2@googlemail.com',
      'v.i.c.t.i.m.parent+3@gmail.com',
    ];
    const answers: number[][] = [];
    for (let i = 0; i < 11; i++) {
      const child = await createMinor(t);
      const mine: number[] = [];
      for (const variant of variants) mine.push(await ask(child.token, variant));
      answers.push(mine);
    }
    expect(answers).toEqual([...Array<number[]>(10).fill([200, 200, 200, 429]), [429, 429, 429, 429]]);
    const sent = await t.app.ctx.db.select({ to: devMailbox.to }).from(devMailbox);
    expect(sent.filter((mail) => canonicalEmail(mail.to) === 'victimparent@gmail.com')).toHaveLength(30);
    // Another address is not affected.
    const other = await createMinor(t);
    expect(await ask(other.token, 'a.parent@example.com')).toBe(200);
  });

  it('ATTACK: strangers who ask a real parent first do not lock the real child out', async () => {
    const parent = 'real.parent@example.com';
    for (let i = 0; i < 3; i++) {
      const stranger = await createMinor(t);
      for (let j = 0; j < 4; j++) await ask(stranger.token, j % 2 ? parent : parent.toUpperCase());
    }
    const child = await createMinor(t);
    expect(await ask(child.token, parent)).toBe(200);
    // And their reminders are theirs: the other accounts' requests took nothing from them.
    expect(await ask(child.token, parent)).toBe(200);
  });
});
