import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { createLearner, type Learner } from './fixtures.ts';
import { createBatch, createCourse, createOfferCode } from './catalogue-fixtures.ts';
import { auditOf, createAdmin } from './admin-fixtures.ts';

describe('admin offer codes', () => {
  let t: TestApp;
  let admin: Learner;
  let learner: Learner;
  const as = () => t.client.as(admin.token);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.app);
    learner = await createLearner(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const fetchCode = (code: string, who: Learner = learner) => t.client.as(who.token).get(`/fetch-code/${code}`);

  it('creates codes with every rule, upper-cased, and checkout applies them', async () => {
    const res = await as().post('/admin/offer-codes', {
      code: 'save50',
      is_fixed_amount: true,
      discount: 50.5,
      minimum_amount: 200,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({
      code: 'SAVE50',
      is_fixed_amount: true,
      discount: 50.5,
      minimum_amount: 200,
      valid_from: null,
      valid_until: null,
      max_uses: null,
      max_uses_per_user: null,
      batch_id: null,
      is_active: true,
      uses: 0,
    });
    expect((await fetchCode('save50')).body.data).toEqual({
      code: 'SAVE50',
      is_fixed_amount: true,
      discount: 50.5,
      minimum_amount: 200,
    });

    const pct = await as().post('/admin/offer-codes', { code: 'TENPCT', is_fixed_amount: false, discount: 12.5 });
    expect(pct.body.data).toMatchObject({ discount: 12.5, is_fixed_amount: false });
    const course = await createCourse(t.app, { pricePaise: 80_000 });
    const checkout = await t.client.as(learner.token).post('/checkout', { course_id: course.id, offer_code: 'tenpct' });
    expect(checkout.body.data).toMatchObject({ price: 800, discount: 100, payable_amount: 700 });
  });

  it('refuses rules that do not hold together, with field errors', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { code: 'BIG', is_fixed_amount: false, discount: 150 },
        'discount',
        'A percentage discount cannot be more than 100.',
      ],
      [{ code: 'X', is_fixed_amount: true, discount: 10 }, 'code', 'Codes are 3 to 50 letters, digits, - or _.'],
      [{ code: 'SP ACE', is_fixed_amount: true, discount: 10 }, 'code', 'Codes are 3 to 50 letters, digits, - or _.'],
      [
        {
          code: 'WIN',
          is_fixed_amount: true,
          discount: 10,
          valid_from: '2030-01-02T00:00:00Z',
          valid_until: '2030-01-01T00:00:00Z',
        },
        'valid_until',
        'The end of the validity window must be after its start.',
      ],
      [
        { code: 'WIN', is_fixed_amount: true, discount: 10, valid_from: 'tomorrow' },
        'valid_from',
        'Enter a valid date and time (ISO 8601).',
      ],
      // A year PostgreSQL refuses though JavaScript reads it: 422, not 500.
      [
        { code: 'WIN', is_fixed_amount: true, discount: 10, valid_until: '0000-01-01' },
        'valid_until',
        'Enter a valid date and time (ISO 8601).',
      ],
      [
        { code: 'USES', is_fixed_amount: true, discount: 10, max_uses: 0 },
        'max_uses',
        'max_uses must be a whole number from 1 to 2147483647.',
      ],
      [
        { code: 'USES', is_fixed_amount: true, discount: 10.001 },
        'discount',
        'Enter a valid discount (at most two decimals).',
      ],
      [{ code: 'BATCH-MISSING', is_fixed_amount: true, discount: 10, batch_id: 999_999 }, 'batch_id', 'No such batch.'],
      [{ code: 'SAVE50', is_fixed_amount: true, discount: 10 }, 'code', 'This offer code already exists.'],
    ];
    await as().post('/admin/offer-codes', { code: 'SAVE50', is_fixed_amount: true, discount: 10 });
    for (const [body, field, message] of cases) {
      const res = await as().post('/admin/offer-codes', body);
      expect({ body, status: res.statusCode, errors: res.body.errors?.[field] }).toEqual({
        body,
        status: 422,
        errors: [message],
      });
    }
    const lower = await as().post('/admin/offer-codes', { code: 'save50', is_fixed_amount: true, discount: 10 });
    expect(lower.body.errors).toEqual({ code: ['This offer code already exists.'] });
  });

  it('edits the window, the limits and the switch, checked on the result; checkout follows at once', async () => {
    const created = (await as().post('/admin/offer-codes', { code: 'WINDOW', is_fixed_amount: true, discount: 10 }))
      .body.data;
    const future = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    expect((await as().put(`/admin/offer-codes/${created.id}`, { valid_from: future })).body.data.valid_from).toBe(
      future,
    );
    expect((await fetchCode('WINDOW')).body.message).toBe('This offer code is not active yet.');
    // The stored start is kept: an end before it is refused.
    const backwards = await as().put(`/admin/offer-codes/${created.id}`, {
      valid_until: new Date(t.clock.now().getTime() + 3_600_000).toISOString(),
    });
    expect(backwards.body.errors).toEqual({ valid_until: ['The end of the validity window must be after its start.'] });
    await as().put(`/admin/offer-codes/${created.id}`, { valid_from: null });
    expect((await fetchCode('WINDOW')).statusCode).toBe(200);

    await as().put(`/admin/offer-codes/${created.id}`, { is_active: false });
    expect((await fetchCode('WINDOW')).body.message).toBe('Invalid offer code.');
    // Switching to a percentage keeps the number, checked as a percentage.
    expect(
      (await as().put(`/admin/offer-codes/${created.id}`, { is_fixed_amount: false, discount: 101 })).statusCode,
    ).toBe(422);
    expect((await as().put(`/admin/offer-codes/${created.id}`, { is_fixed_amount: false })).body.data).toMatchObject({
      is_fixed_amount: false,
      discount: 10,
    });
    const audit = await auditOf(t.app, 'offer_codes', created.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'offer_code.update',
      before: { is_fixed_amount: true },
      after: { is_fixed_amount: false, discount: 10 },
    });
  });

  it('counts uses (paid purchases with the code), enforces the limits, and keeps a used code from deletion', async () => {
    const batch = await createBatch(t.app, { feePaise: 10_000 });
    const code = (
      await as().post('/admin/offer-codes', {
        code: 'FREEBIE-2026',
        is_fixed_amount: false,
        discount: 100,
        max_uses: 2,
        max_uses_per_user: 1,
        minimum_amount: 0,
      })
    ).body.data;
    const buyers = [await createLearner(t.app), await createLearner(t.app)];
    for (const buyer of buyers) {
      const course = await createCourse(t.app, { pricePaise: 50_000 });
      const res = await t.client
        .as(buyer.token)
        .post('/checkout', { course_id: course.id, offer_code: 'FREEBIE-2026' });
      expect(res.body.data).toMatchObject({ payment: false, payable_amount: 0 });
    }
    expect((await as().get(`/admin/offer-codes/${code.id}`)).body.data.uses).toBe(2);
    expect((await as().get('/admin/offer-codes?q=freeb')).body.data.data).toEqual([
      expect.objectContaining({ code: 'FREEBIE-2026', uses: 2 }),
    ]);
    expect((await fetchCode('FREEBIE-2026', buyers[0]!)).body.message).toBe(
      'This offer code has reached its usage limit.',
    );

    const refused = await as().delete(`/admin/offer-codes/${code.id}`);
    expect(refused.body).toEqual({
      status: false,
      message: 'This offer code has been used. Switch it off instead of deleting it.',
    });

    const own = await as().post('/admin/offer-codes', {
      code: 'BATCH-ONLY-5',
      is_fixed_amount: true,
      discount: 5,
      batch_id: batch.id,
    });
    expect(own.body.data.batch_id).toBe(batch.id);
    expect((await as().delete(`/admin/offer-codes/${own.body.data.id}`)).statusCode).toBe(200);
    expect((await as().get(`/admin/offer-codes/${own.body.data.id}`)).statusCode).toBe(404);
  });
  it("ATTACK: a free code or a batch's own code cannot be a short word that a guesser's word list holds", async () => {
    const batch = await createBatch(t.app);
    const tooGuessable = {
      status: false,
      message:
        "A free code or a batch's own code needs at least 10 characters, so nobody finds it by trying words: Generate makes a random one.",
      errors: {
        code: [
          "A free code or a batch's own code needs at least 10 characters, so nobody finds it by trying words: Generate makes a random one.",
        ],
      },
    };
    // Made: a 100% code and a school's code must be long; a public discount may be a word.
    for (const body of [
      { code: 'SCHOOL', is_fixed_amount: false, discount: 100 },
      { code: 'STMARYS', is_fixed_amount: true, discount: 5, batch_id: batch.id },
    ]) {
      const refused = await as().post('/admin/offer-codes', body);
      expect({ status: refused.statusCode, body: refused.body }, body.code).toEqual({
        status: 422,
        body: tooGuessable,
      });
      expect((await fetchCode(body.code)).statusCode).toBe(400);
    }
    for (const body of [
      { code: 'HALFOFF', is_fixed_amount: false, discount: 50 },
      { code: 'FREE-MATHS', is_fixed_amount: false, discount: 100 },
    ])
      expect((await as().post('/admin/offer-codes', body)).statusCode, body.code).toBe(200);
    const long = await as().post('/admin/offer-codes', { code: 'K7QM-R2XD-9P', is_fixed_amount: false, discount: 100 });
    expect(long.statusCode).toBe(200);

    // Changed: a short code cannot be made free or a batch's, nor a free code renamed short.
    const half = (await as().get('/admin/offer-codes?q=halfoff')).body.data.data[0];
    for (const patch of [{ discount: 100 }, { batch_id: batch.id }]) {
      const refused = await as().put(`/admin/offer-codes/${half.id}`, patch);
      expect({ status: refused.statusCode, body: refused.body }, JSON.stringify(patch)).toEqual({
        status: 422,
        body: tooGuessable,
      });
    }
    const renamed = await as().put(`/admin/offer-codes/${long.body.data.id}`, { code: 'FREE' });
    expect({ status: renamed.statusCode, body: renamed.body }).toEqual({ status: 422, body: tooGuessable });
    const course = await createCourse(t.app, { pricePaise: 50_000 });
    const free = await t.client.as(learner.token).post('/checkout', { course_id: course.id, offer_code: 'halfoff' });
    expect(free.body.data).toMatchObject({ payable_amount: 250 });

    // A short free code made before the rule can still be switched off and have its dates changed.
    const legacy = await createOfferCode(t.app, { code: 'OLDFREE', isFixedAmount: false, discountValue: 10_000 });
    const edited = await as().put(`/admin/offer-codes/${legacy.id}`, {
      code: 'oldfree',
      is_fixed_amount: false,
      discount: 100,
      valid_until: '2030-01-01T00:00:00.000Z',
      is_active: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.body.data).toMatchObject({ code: 'OLDFREE', is_active: false, discount: 100 });
  });
});
