import { count, desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@app/db';
import { createTestApp, type TestApp } from './helpers.ts';
import { createLearner, type Learner } from './fixtures.ts';
import { creditPoints, payPurchase, validBank, walletOf } from './wallet-fixtures.ts';
import { postEntry } from '../src/services/wallet/index.ts';
import { createAdmin, setUpAdminTestApp } from './admin-fixtures.ts';

describe('admin settings and levels', () => {
  const t = setUpAdminTestApp();

  it('shows the rates in rupees and refuses bad ones without changing anything', async () => {
    // setReferenceData turns the refund window off (0 days); the rest are the server's defaults.
    const defaults = {
      commission_percent: 10,
      convert_value: 1,
      pass_mark_percent: 40,
      minimum_withdrawal: 100,
      referral_hold_signups_per_ip_week: 3,
      level_min_purchase: 0,
      refund_window_days: 0,
      offer_reservation_minutes: 30,
      quiz_retake_cooldown_hours: 24,
      quiz_max_attempts: 3,
    };
    expect((await t.as().get('/admin/settings')).body.data).toEqual(defaults);
    for (const body of [
      { commission_percent: 101 },
      { commission_percent: -1 },
      { commission_percent: 'ten' },
      { commission_percent: 7.555 },
      { convert_value: 0 },
      { convert_value: 1.001 },
      { pass_mark_percent: 120 },
      { minimum_withdrawal: 0.5 },
      { referral_hold_signups_per_ip_week: 0 },
      { referral_hold_signups_per_ip_week: 2.5 },
      { level_min_purchase: -1 },
      { level_min_purchase: 99.999 },
      { refund_window_days: -1 },
      { refund_window_days: 61 },
      { refund_window_days: 1.5 },
      { refund_window_days: 'week' },
      { offer_reservation_minutes: 4 },
      { offer_reservation_minutes: 1_441 },
      { offer_reservation_minutes: 30.5 },
    ]) {
      const res = await t.as().put('/admin/settings', body);
      expect({ body, status: res.statusCode, field: Object.keys(res.body.errors ?? {}) }).toEqual({
        body,
        status: 422,
        field: Object.keys(body),
      });
    }
    expect((await t.as().get('/admin/settings')).body.data).toEqual(defaults);
  });

  it('applies a new convert value to the next redeem and a new minimum to the next withdrawal', async () => {
    const learner = await createLearner(t.app);
    await creditPoints(t.app, learner.id, 10);
    await postEntry(t.app.ctx.db, {
      userId: learner.id,
      method: 'Level Reward',
      amountPaise: 100_000,
      points: 0,
      status: 'Done',
      description: 'Reward',
    });
    await t.client.as(learner.token).post('/bank-details', validBank);

    const saved = await t.as().put('/admin/settings', { convert_value: 2.5, minimum_withdrawal: 300 });
    expect(saved.body.data).toMatchObject({ convert_value: 2.5, minimum_withdrawal: 300, commission_percent: 10 });
    expect((await t.client.as(learner.token).get('/convert-value')).body.data).toEqual({
      convert_value: 2.5,
      minimum_withdrawal: 300,
    });

    const redeemed = await t.client.as(learner.token).post('/redeem-point', { point: 4 });
    expect(redeemed.body.data).toEqual({ points: 6, balance: 1_010 });
    const below = await t.client.as(learner.token).post('/withdraw', { amount: 200 });
    expect(below.statusCode).toBe(422);
    expect(below.body.errors.amount).toEqual(['The minimum withdrawal is ₹300.00.']);
    expect((await t.client.as(learner.token).post('/withdraw', { amount: 300 })).statusCode).toBe(200);

    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'settings.update'`);
    expect(audit).toMatchObject({
      actorId: t.admin.id,
      before: { convert_value: 1, minimum_withdrawal: 100 },
      after: { convert_value: 2.5, minimum_withdrawal: 300 },
    });
  });

  it('applies a new commission to purchases paid after it, not before', async () => {
    const referrer = await createLearner(t.app);
    const buyer = await createLearner(t.app, { referrerId: referrer.id });
    await payPurchase(t.app, buyer.id, 10_000);
    await t.as().put('/admin/settings', { commission_percent: 25 });
    await payPurchase(t.app, buyer.id, 10_000);
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 1_000 + 2_500, points: 0 });
    await t.as().put('/admin/settings', { commission_percent: 10 });
  });

  it('replaces the level ladder; the new rules apply from the next activation', async () => {
    const levels = (await t.as().get('/admin/levels')).body.data;
    expect(levels.map((l: { name: string }) => l.name)).toEqual(['Starter', 'Bronze', 'Silver', 'Gold', 'Platinum']);
    expect(levels[0]).toEqual({
      number: 1,
      name: 'Starter',
      days: 30,
      node: 2,
      reward_points: 100,
      reward_amount: 100,
    });

    const dup = await t.as().put('/admin/levels', { levels: [levels[0], levels[0]] });
    expect(dup.body.errors).toEqual({ levels: ['Level numbers must be unique.'] });
    expect((await t.as().put('/admin/levels', { levels: [] })).statusCode).toBe(422);
    expect((await t.as().put('/admin/levels', { levels: [{ ...levels[0], days: 0 }] })).statusCode).toBe(422);

    const ladder = [
      { number: 1, name: 'Starter', days: 30, node: 1, reward_points: 5, reward_amount: 12.5 },
      { number: 2, name: 'Bronze', days: 60, node: 3, reward_points: 0, reward_amount: 0 },
    ];
    const saved = await t.as().put('/admin/levels', { levels: ladder });
    expect(saved.body.data).toEqual(ladder);

    const referrer = await createLearner(t.app);
    const buyer = await createLearner(t.app, { referrerId: referrer.id });
    await payPurchase(t.app, buyer.id, 10_000);
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 1_000 + 1_250, points: 5 });
    expect((await t.client.as(referrer.token).get('/level-status')).body.data).toMatchObject({
      level_name: 'Bronze',
      node: 3,
    });
  });

  it('saves the refund window and the offer reservation time, audited, and refuses them out of range', async () => {
    const settingsAudits = () =>
      t.app.ctx.db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.action} = 'settings.update'`)
        .orderBy(desc(auditLog.id));
    const auditsBefore = (await settingsAudits()).length;
    const outOfRange = await t.as().put('/admin/settings', { refund_window_days: 61, offer_reservation_minutes: 4 });
    expect(outOfRange.statusCode).toBe(422);
    expect(outOfRange.body.errors).toEqual({
      refund_window_days: ['refund_window_days must be a whole number from 0 to 60.'],
      offer_reservation_minutes: ['offer_reservation_minutes must be a whole number from 5 to 1440.'],
    });
    expect(await settingsAudits()).toHaveLength(auditsBefore);

    const saved = await t.as().put('/admin/settings', { refund_window_days: '14', offer_reservation_minutes: 45 });
    expect(saved.statusCode).toBe(200);
    expect(saved.body.data).toMatchObject({
      refund_window_days: 14,
      offer_reservation_minutes: 45,
      commission_percent: 10,
    });
    expect((await t.as().get('/admin/settings')).body.data).toMatchObject({
      refund_window_days: 14,
      offer_reservation_minutes: 45,
    });
    const [audit, ...older] = await settingsAudits();
    expect(older).toHaveLength(auditsBefore);
    expect(audit).toMatchObject({
      actorId: t.admin.id,
      before: { refund_window_days: 0, offer_reservation_minutes: 30 },
      after: { refund_window_days: 14, offer_reservation_minutes: 45 },
    });

    for (const edge of [
      { refund_window_days: 60, offer_reservation_minutes: 1_440 },
      { refund_window_days: 0, offer_reservation_minutes: 5 },
    ]) {
      expect((await t.as().put('/admin/settings', edge)).body.data).toMatchObject(edge);
    }
  });
});

describe('admin audit log', () => {
  let t: TestApp;
  let admin: Learner;
  let other: Learner;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.app);
    other = await createAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const auditCount = async () => (await t.app.ctx.db.select({ n: count() }).from(auditLog))[0]!.n;

  it('records who changed what, with before and after, and filters the list', async () => {
    const created = await t.client
      .as(admin.token)
      .post('/admin/courses', { name: 'Audited', price: 100, offer_price: 90 });
    t.clock.advance(60_000);
    const between = t.clock.now().toISOString();
    t.clock.advance(60_000);
    await t.client.as(other.token).put(`/admin/courses/${created.body.data.id}`, { offer_price: 50 });

    const list = await t.client.as(admin.token).get(`/admin/audit?entity=courses&action=course.update`);
    expect(list.statusCode).toBe(200);
    expect(list.body.data.data).toEqual([
      expect.objectContaining({
        actor: { id: other.id, name: 'Test Learner', email: other.email },
        action: 'course.update',
        entity: 'courses',
        entity_id: String(created.body.data.id),
        before: expect.objectContaining({ offer_price: 90, price: 100 }),
        after: expect.objectContaining({ offer_price: 50, price: 100 }),
        created_at: expect.any(String),
      }),
    ]);
    const byActor = await t.client.as(admin.token).get(`/admin/audit?actor=${admin.id}`);
    expect(byActor.body.data.data.map((e: { action: string }) => e.action)).toEqual(['course.create']);
    const after = await t.client.as(admin.token).get(`/admin/audit?from=${encodeURIComponent(between)}`);
    expect(after.body.data.data.map((e: { action: string }) => e.action)).toEqual(['course.update']);
    const before = await t.client.as(admin.token).get(`/admin/audit?entity=courses&to=${encodeURIComponent(between)}`);
    expect(before.body.data.data.map((e: { action: string }) => e.action)).toEqual(['course.create']);
    // One row's whole history: another course's rows are left out.
    const second = await t.client.as(admin.token).post('/admin/courses', { name: 'Other', price: 10, offer_price: 9 });
    const history = await t.client.as(admin.token).get(`/admin/audit?entity=courses&entity_id=${created.body.data.id}`);
    expect(history.body.data.data.map((e: { action: string }) => e.action)).toEqual(['course.update', 'course.create']);
    const ofSecond = await t.client.as(admin.token).get(`/admin/audit?entity=courses&entity_id=${second.body.data.id}`);
    expect(ofSecond.body.data.data.map((e: { entity_id: string }) => e.entity_id)).toEqual([
      String(second.body.data.id),
    ]);
    expect((await t.client.as(admin.token).get('/admin/audit?from=yesterday')).statusCode).toBe(422);
    // Dates JavaScript reads but PostgreSQL refuses (year 0000, five-digit years): 422, not 500. And days no
    // calendar has, which JavaScript moves to the next month (30 February is 2 March): 422, not another day.
    for (const date of [
      '0000-01-01',
      '99999',
      '20251-01-01',
      '1899-12-31',
      '2025-13-01',
      '2026-02-30',
      '2025-02-29T10:00Z',
    ]) {
      const res = await t.client.as(admin.token).get(`/admin/audit?from=${date}&to=${date}`);
      expect(res.statusCode, date).toBe(422);
      expect(res.body.errors.from, date).toEqual(['Enter a valid date and time (ISO 8601).']);
    }
  });

  it('writes nothing when the change is refused, since both share one transaction', async () => {
    const before = await auditCount();
    await t.client.as(admin.token).post('/admin/courses', { name: 'Bad', price: 1, offer_price: 2 });
    const category = await t.client.as(admin.token).post('/admin/categories', { name: 'Kept' });
    await t.client
      .as(admin.token)
      .post('/admin/courses', { name: 'In it', price: 1, offer_price: 1, category_id: category.body.data.id });
    expect((await t.client.as(admin.token).delete(`/admin/categories/${category.body.data.id}`)).statusCode).toBe(400);
    expect(await auditCount()).toBe(before + 2);
  });

  it('cannot be updated or deleted', async () => {
    const before = await auditCount();
    expect(before).toBeGreaterThan(0);
    await expect(t.app.ctx.db.execute(sql`update audit_log set action = 'tampered'`)).rejects.toThrow();
    await expect(t.app.ctx.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(t.app.ctx.db.delete(auditLog)).rejects.toThrow();
    expect(await auditCount()).toBe(before);
    const [tampered] = await t.app.ctx.db
      .select({ n: count() })
      .from(auditLog)
      .where(sql`${auditLog.action} = 'tampered'`);
    expect(tampered!.n).toBe(0);
  });
});
