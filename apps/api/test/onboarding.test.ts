import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches, courses, purchases, standards, syllabuses } from '@app/db';
import { createTestApp, type TestApp } from './helpers.ts';
import { createLearner, getUser } from './fixtures.ts';
import { mailTo, signUp, withDevMailbox } from './accounts-helpers.ts';
import { createBatch, createPaidPurchase } from './catalogue-fixtures.ts';

describe('GET /master', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists every ISO country by name, the genders and the marital statuses', async () => {
    const learner = await createLearner(t.app, { verified: false });
    const res = await t.client.as(learner.token).get('/master');
    expect(res.statusCode).toBe(200);
    const { countries, genders, maritals } = res.body.data;
    expect(countries.length).toBeGreaterThan(240);
    expect(countries).toContainEqual({ id: 356, country_name: 'India', iso_code: 'IN' });
    expect(countries).toContainEqual({ id: 524, country_name: 'Nepal', iso_code: 'NP' });
    const names = countries.map((c: { country_name: string }) => c.country_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(countries.map((c: { id: number }) => c.id)).size).toBe(countries.length);
    expect(genders).toEqual([
      { id: 1, name: 'Male' },
      { id: 2, name: 'Female' },
      { id: 3, name: 'Other' },
    ]);
    expect(maritals).toEqual([
      { id: 1, name: 'Single' },
      { id: 2, name: 'Married' },
      { id: 3, name: 'Divorced' },
      { id: 4, name: 'Widowed' },
    ]);
  });

  it('needs a signed-in learner', async () => {
    expect((await t.client.get('/master')).statusCode).toBe(401);
  });
});

/** Issue 16: choose-level asks for the date of birth too. */
const ADULT_DOB = '1995-04-12';

describe('Choose My Batch: syllabus, standard, batch, add-class', () => {
  let t: TestApp;
  let cbse: number;
  let icse: number;
  let cbse10: number;
  let cbse9: number;
  let icse10: number;
  let batchId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await withDevMailbox(t.app);
    const db = t.app.ctx.db;
    [cbse, icse] = (
      await db
        .insert(syllabuses)
        .values([{ name: 'CBSE' }, { name: 'ICSE' }])
        .returning()
    ).map((s) => s.id) as [number, number];
    [cbse10, cbse9, icse10] = (
      await db
        .insert(standards)
        .values([
          { syllabusId: cbse, name: 'Standard 10', position: 10 },
          { syllabusId: cbse, name: 'Standard 9', position: 9 },
          { syllabusId: icse, name: 'Standard 10', position: 10 },
        ])
        .returning()
    ).map((s) => s.id) as [number, number, number];
    [batchId] = (
      await db
        .insert(batches)
        .values({ syllabusId: cbse, standardId: cbse10, name: 'CBSE Standard 10', feePaise: 499_50 })
        .returning()
    ).map((b) => b.id) as [number];
    await db.insert(courses).values([
      { name: 'Mathematics 10', batchId, pricePaise: 0, offerPricePaise: 0, isPublished: true },
      { name: 'Science 10', batchId, pricePaise: 0, offerPricePaise: 0, isPublished: true },
      { name: 'Draft Social 10', batchId, pricePaise: 0, offerPricePaise: 0, isPublished: false },
      { name: 'Open course', pricePaise: 100_00, offerPricePaise: 100_00, isPublished: true },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the syllabuses and the standards of one, in order', async () => {
    const learner = await createLearner(t.app, { verified: false });
    const me = t.client.as(learner.token);
    expect((await me.get('/syllabus')).body).toEqual({
      status: true,
      message: 'OK',
      data: [
        { id: cbse, name: 'CBSE' },
        { id: icse, name: 'ICSE' },
      ],
    });
    expect((await me.get(`/standard/${cbse}`)).body.data).toEqual([
      { id: cbse9, name: 'Standard 9' },
      { id: cbse10, name: 'Standard 10' },
    ]);
    expect((await me.get(`/standard/${icse}`)).body.data).toEqual([{ id: icse10, name: 'Standard 10' }]);
  });

  it('answers 404 for an unknown syllabus and 422 for a malformed id', async () => {
    const learner = await createLearner(t.app);
    const me = t.client.as(learner.token);
    const missing = await me.get('/standard/99999');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toEqual({ status: false, message: 'No such syllabus.' });
    const bad = await me.get('/standard/abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.body.status).toBe(false);
    expect(Object.keys(bad.body.errors)).toEqual(['id']);
  });

  it('describes a batch: names, fee in rupees, its published subjects, and what it is to the learner', async () => {
    const learner = await createLearner(t.app, { verified: false });
    const res = await t.client.as(learner.token).get(`/batch/${cbse}/${cbse10}`);
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({
      id: batchId,
      name: 'CBSE Standard 10',
      syllabus: { id: cbse, name: 'CBSE' },
      standard: { id: cbse10, name: 'Standard 10' },
      fee: 499.5,
      is_mine: false,
      is_paid: false,
      is_open: false,
      subjects: [
        { id: expect.any(Number), name: 'Mathematics 10' },
        { id: expect.any(Number), name: 'Science 10' },
      ],
    });
  });

  it("GET /batch: the learner's own batch, unpaid and closed until its fee is paid", async () => {
    const learner = await createLearner(t.app);
    const me = t.client.as(learner.token);
    expect((await me.get('/batch')).body).toEqual({ status: true, message: 'OK', data: null });

    await me.post('/add-class', { syllabus: cbse, standard: cbse10, date_of_birth: ADULT_DOB });
    const unpaid = await me.get('/batch');
    expect(unpaid.statusCode).toBe(200);
    expect(unpaid.body.data).toMatchObject({ id: batchId, fee: 499.5, is_mine: true, is_paid: false, is_open: false });
    expect(unpaid.body.data.subjects.map((s: { name: string }) => s.name)).toEqual(['Mathematics 10', 'Science 10']);

    // A pending checkout is not a paid fee.
    await t.app.ctx.db.insert(purchases).values({
      userId: learner.id,
      batchId,
      pricePaise: 499_50,
      amountPaise: 499_50,
      status: 'pending',
      provider: 'sandbox',
    });
    expect((await me.get('/batch')).body.data).toMatchObject({ is_paid: false, is_open: false });
    await createPaidPurchase(t.app, { userId: learner.id, batchId, amountPaise: 499_50 });
    expect((await me.get('/batch')).body.data).toMatchObject({ is_mine: true, is_paid: true, is_open: true });
    expect((await me.get(`/batch/${cbse}/${cbse10}`)).body.data).toMatchObject({
      is_mine: true,
      is_paid: true,
      is_open: true,
    });

    // Another learner's paid fee is not this one's.
    const other = await createLearner(t.app);
    await t.client.as(other.token).post('/add-class', { syllabus: cbse, standard: cbse10, date_of_birth: ADULT_DOB });
    expect((await t.client.as(other.token).get('/batch')).body.data).toMatchObject({ is_paid: false, is_open: false });

    // A pair without a batch: null.
    await me.post('/add-class', { syllabus: cbse, standard: cbse9, date_of_birth: ADULT_DOB });
    expect((await me.get('/batch')).body.data).toBeNull();
    // The fee paid stays paid (the access rule keeps it open) after a change of batch.
    expect((await me.get(`/batch/${cbse}/${cbse10}`)).body.data).toMatchObject({
      is_mine: false,
      is_paid: true,
      is_open: true,
    });
  });

  it('a batch without a fee is open at once, but only to the learners whose batch it is', async () => {
    const free = await createBatch(t.app, { feePaise: 0 });
    const learner = await createLearner(t.app);
    const mine = await createLearner(t.app);
    await t.client
      .as(mine.token)
      .post('/add-class', { syllabus: free.syllabusId, standard: free.standardId, date_of_birth: ADULT_DOB });
    expect((await t.client.as(mine.token).get('/batch')).body.data).toMatchObject({
      id: free.id,
      fee: 0,
      is_mine: true,
      is_paid: false,
      is_open: true,
    });
    expect(
      (await t.client.as(learner.token).get(`/batch/${free.syllabusId}/${free.standardId}`)).body.data,
    ).toMatchObject({ fee: 0, is_mine: false, is_paid: false, is_open: false });
  });

  it('answers 404 when a pair has no batch', async () => {
    const learner = await createLearner(t.app);
    const res = await t.client.as(learner.token).get(`/batch/${cbse}/${cbse9}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).toEqual({ status: false, message: 'No batch for this syllabus and standard.' });
    expect((await t.client.as(learner.token).get(`/batch/${icse}/${cbse10}`)).statusCode).toBe(404);
  });

  it('records the choice and mails the verification code to an unverified learner', async () => {
    const { token, email } = await signUp(t.client);
    const me = t.client.as(token);
    const res = await me.post('/add-class', {
      syllabus: cbse,
      standard: cbse10,
      offer_code: ' welcome10 ',
      date_of_birth: ADULT_DOB,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: true,
      message: 'Your class has been saved.',
      data: {
        isStandardPicked: true,
        syllabus: { id: cbse, name: 'CBSE' },
        standard: { id: cbse10, name: 'Standard 10' },
        batch: { id: batchId, name: 'CBSE Standard 10', fee: 499.5 },
        offer_code: 'WELCOME10',
        email_verified: false,
      },
    });
    expect((await me.get('/me')).body.data.isStandardPicked).toBe(true);
    expect((await me.get('/profile')).body.data.isStandardPicked).toBe(true);
    const mails = await mailTo(t.client, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/verify your email address is: \d{6}/);

    // Changing the choice within the minute saves it without a second mail and without an error.
    const again = await me.post('/add-class', { syllabus: cbse, standard: cbse9, date_of_birth: ADULT_DOB });
    expect(again.statusCode).toBe(200);
    expect(again.body.data).toMatchObject({
      standard: { id: cbse9, name: 'Standard 9' },
      batch: null,
      offer_code: null,
    });
    expect(await mailTo(t.client, email)).toHaveLength(1);
  });

  it('writes the syllabus and standard on the user', async () => {
    const learner = await createLearner(t.app);
    await t.client
      .as(learner.token)
      .post('/add-class', { syllabus: String(icse), standard: String(icse10), date_of_birth: ADULT_DOB });
    expect(await getUser(t.app, learner.id)).toMatchObject({
      syllabusId: icse,
      standardId: icse10,
      isStandardPicked: true,
    });
    // A verified learner gets no mail.
    expect(await mailTo(t.client, learner.email)).toHaveLength(0);
  });

  it('refuses a standard of another syllabus, an unknown syllabus and missing fields', async () => {
    const learner = await createLearner(t.app, { verified: false });
    const me = t.client.as(learner.token);
    const wrongPair = await me.post('/add-class', { syllabus: icse, standard: cbse10, date_of_birth: ADULT_DOB });
    expect(wrongPair.statusCode).toBe(422);
    expect(wrongPair.body).toEqual({
      status: false,
      message: 'This standard does not belong to the chosen syllabus.',
      errors: { standard: ['This standard does not belong to the chosen syllabus.'] },
    });
    const unknown = await me.post('/add-class', { syllabus: 99999, standard: cbse10, date_of_birth: ADULT_DOB });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body.errors).toEqual({ syllabus: ['Choose a valid syllabus.'] });
    const missing = await me.post('/add-class', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.body.errors).toEqual({
      syllabus: ['syllabus is required.'],
      standard: ['standard is required.'],
      date_of_birth: ['Date of birth is required.'],
    });
    const blank = await me.post('/add-class', { syllabus: '', standard: '', date_of_birth: ADULT_DOB });
    expect(blank.body.errors).toEqual({ syllabus: ['syllabus is required.'], standard: ['standard is required.'] });
    expect((await getUser(t.app, learner.id)).isStandardPicked).toBe(false);
  });

  it('needs a signed-in learner for every onboarding call', async () => {
    for (const path of ['/syllabus', `/standard/${cbse}`, `/batch/${cbse}/${cbse10}`, '/batch']) {
      expect((await t.client.get(path)).statusCode).toBe(401);
    }
    expect(
      (await t.client.post('/add-class', { syllabus: cbse, standard: cbse10, date_of_birth: ADULT_DOB })).statusCode,
    ).toBe(401);
  });
});
