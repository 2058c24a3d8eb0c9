import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, profileMessages, quizMessages } from '@app/contracts';
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

  it('translates a message with a value in it, keeping the value', () => {
    const english = quizMessages.retakeAllUsed(3);
    expect(english).toBe('You have used all 3 attempts at this quiz.');
    expect(hi.messages.quiz.retakeAllUsed_other).toContain('{{count}}');
  });
});
