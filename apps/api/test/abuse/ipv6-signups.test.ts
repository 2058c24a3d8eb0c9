import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@app/db';
import { registerForm, signUp } from '../accounts-helpers.ts';
import { createLearner } from '../fixtures.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

/**
 * One phone on Indian mobile data (Jio, Airtel) holds a whole IPv6 /64 and can take a fresh address for every
 * request: the per-address limits and the hold rule of a code's sign-ups count its /64 as one address
 * (lib/subscriber-network.ts). Before, each fresh address was a new one, and a farm's sign-ups were never held.
 */
const phone = (i: number) => `2401:4900:1c3a:77e1::${i.toString(16)}`;

async function referralStatusOf(t: TestApp, email: string): Promise<string> {
  const [user] = await t.app.ctx.db.select({ status: users.referralStatus }).from(users).where(eq(users.email, email));
  return user!.status;
}

describe('abuse: one phone, many IPv6 addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { registerPerIp: { points: 3, durationSeconds: 3600 } } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('ATTACK: the per-address sign-up limit counts the /64, not each address in it', async () => {
    for (let i = 1; i <= 3; i++) await signUp(t.client.from(phone(i)));
    expect((await t.client.from(phone(4)).post('/register', registerForm())).statusCode).toBe(429);
    // Another subscriber's /64 is another address.
    await signUp(t.client.from('2401:4900:1c3a:77e2::1'));
  });
});

describe('abuse: the hold rule of a code counts one IPv6 /64 as one address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('ATTACK: sign-ups through one code from fresh addresses of one /64 are held after the third', async () => {
    const referrer = await createLearner(t.app);
    const statuses = [];
    for (let i = 1; i <= 5; i++) {
      const { email } = await signUp(t.client.from(phone(i)), { ref_user: referrer.referralCode });
      statuses.push(await referralStatusOf(t, email));
    }
    expect(statuses).toEqual(['counted', 'counted', 'counted', 'held', 'held']);
    const elsewhere = await signUp(t.client.from('2401:4900:aaaa:1::1'), { ref_user: referrer.referralCode });
    expect(await referralStatusOf(t, elsewhere.email)).toBe('counted');
  });
});
