import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutMessages,
  fillTemplate,
  learningMessages,
  messages,
  profileMessages,
  purchaseMessages,
  quizMessages,
  referralMessages,
} from '@app/contracts';
import { hi } from '@app/contracts/i18n/hi';
import { ml } from '@app/contracts/i18n/ml';
import { createTestApp, type TestApp } from './helpers.ts';
import { createLearner, getUser } from './fixtures.ts';
import { registerForm } from './accounts-helpers.ts';

describe('languages at the API edge', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("keeps the registering app's language as the learner's and reports it on /me", async () => {
    const res = await t.client.post('/register', registerForm({ email: 'ananya@example.com' }), {
      'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8',
    });
    expect(res.statusCode).toBe(200);
    const me = await t.client.as(res.body.data.token).get('/me');
    expect(me.body.data.language).toBe('hi');
  });

  it('answers validation errors in the language asked for, the field errors too', async () => {
    const form = registerForm({ email: 'not-an-email' });
    const english = await t.client.post('/register', form);
    expect(english.statusCode).toBe(422);
    expect(english.body.errors.email).toEqual([messages.emailInvalid]);

    expect(hi.messages.common.emailInvalid).not.toBe(messages.emailInvalid);
    expect(ml.messages.common.emailInvalid).not.toBe(messages.emailInvalid);
    const hindi = await t.client.post('/register', form, { 'accept-language': 'hi' });
    expect(hindi.statusCode).toBe(422);
    expect(hindi.body.errors.email).toEqual([hi.messages.common.emailInvalid]);
    expect(hindi.body.message).toBe(hi.messages.common.emailInvalid);

    const malayalam = await t.client.post('/login', { email: '', password: '' }, { 'accept-language': 'ml' });
    expect(malayalam.statusCode).toBe(422);
    expect(malayalam.body.errors.email).toEqual([ml.messages.common.emailAddressRequired]);
  });

  it('translates 4xx messages and success messages; an unknown language gets English', async () => {
    const hindi = await t.client.get('/me', { 'accept-language': 'hi' });
    expect(hindi.statusCode).toBe(401);
    expect(hindi.body).toEqual({ status: false, message: hi.messages.common.unauthenticated });

    const learner = await createLearner(t.app);
    const saved = await t.client
      .as(learner.token)
      .put('/profile/language', { language: 'ml' }, { 'accept-language': 'ml' });
    expect(saved.statusCode).toBe(200);
    expect(saved.body.message).toBe(ml.messages.profile.languageSaved);
    expect((await getUser(t.app, learner.id)).language).toBe('ml');

    const tamil = await t.client
      .as(learner.token)
      .put('/profile/language', { language: 'ta' }, { 'accept-language': 'ta' });
    expect(tamil.statusCode).toBe(422);
    expect(tamil.body.errors.language).toEqual([profileMessages.languageInvalid]);
  });

  it('translates the messages services and schemas once wrote inline, and keeps their English word for word', async () => {
    const learner = await createLearner(t.app);
    const client = t.client.as(learner.token);
    const expectIn = async (
      ask: (headers: Record<string, string>) => Promise<{ statusCode: number; body: any }>,
      status: number,
      was: string,
      texts: { hi: string; ml: string },
      field?: string,
    ) => {
      const read = (res: { body: any }) => (field ? res.body.errors[field][0] : res.body.message);
      const en = await ask({});
      expect(en.statusCode).toBe(status);
      expect(read(en)).toBe(was);
      for (const language of ['hi', 'ml'] as const) {
        const res = await ask({ 'accept-language': language });
        expect(res.statusCode).toBe(status);
        expect(read(res)).toBe(texts[language]);
        expect(texts[language]).not.toBe(was);
      }
    };

    // Services: a term that does not exist, a forged chapter file link, an expired invoice link.
    await expectIn((h) => client.get('/term-subjects/999999', h), 404, 'No such term.', {
      hi: hi.messages.learning.termNotFound,
      ml: ml.messages.learning.termNotFound,
    });
    expect(learningMessages.termNotFound).toBe('No such term.');
    await expectIn(
      (h) => t.client.get(`/files/subjects/1?u=${learner.id}&e=1&s=${'0'.repeat(64)}`, h),
      403,
      'This link is not valid. Open the chapter again from the course.',
      { hi: hi.messages.learning.fileLinkInvalid, ml: ml.messages.learning.fileLinkInvalid },
    );
    await expectIn(
      (h) => t.client.get(`/invoices/1/pdf?u=${learner.id}&e=1&s=${'0'.repeat(64)}`, h),
      403,
      purchaseMessages.invoiceLinkExpired,
      { hi: hi.messages.purchases.invoiceLinkExpired, ml: ml.messages.purchases.invoiceLinkExpired },
    );

    // Schemas: a password past its length, an id that is not one, a page that is not one, an unknown status.
    const tooLong = 'Aa1!'.repeat(33);
    await expectIn(
      (h) =>
        client.put(
          '/password',
          { current_password: tooLong, password: 'Secret@123', password_confirmation: 'Secret@123' },
          h,
        ),
      422,
      'At most 128 characters.',
      {
        hi: fillTemplate(hi.messages.common.tooLong, { max: 128 }),
        ml: fillTemplate(ml.messages.common.tooLong, { max: 128 }),
      },
      'current_password',
    );
    await expectIn((h) => client.post('/checkout', { course_id: 'x' }, h), 422, 'Choose a course.', {
      hi: hi.messages.checkout.courseRequired,
      ml: ml.messages.checkout.courseRequired,
    });
    expect(checkoutMessages.courseRequired).toBe('Choose a course.');
    await expectIn((h) => client.get('/invoices/x/pdf', h), 422, 'Invalid purchase.', {
      hi: hi.messages.purchases.purchaseInvalid,
      ml: ml.messages.purchases.purchaseInvalid,
    });
    await expectIn(
      (h) => client.get('/transactions?page=0', h),
      422,
      'The page must be a whole number of at least 1.',
      {
        hi: hi.messages.common.pageInvalid,
        ml: ml.messages.common.pageInvalid,
      },
    );
    await expectIn((h) => client.get('/tree?per_page=500', h), 422, 'per_page must be a whole number from 1 to 100.', {
      hi: hi.messages.common.perPageInvalid,
      ml: ml.messages.common.perPageInvalid,
    });
    await expectIn((h) => client.get('/tree?status=gone', h), 422, referralMessages.statusInvalid, {
      hi: hi.messages.referrals.statusInvalid,
      ml: ml.messages.referrals.statusInvalid,
    });
    expect(referralMessages.statusInvalid).toBe("status must be 'pending', 'active' or 'ineligible'.");
  });

  it('translates a message with a value in it, keeping the value', () => {
    const english = quizMessages.retakeAllUsed(3);
    expect(english).toBe('You have used all 3 attempts at this quiz.');
    expect(hi.messages.quiz.retakeAllUsed_other).toContain('{{count}}');
  });
});
