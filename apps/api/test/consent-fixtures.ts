import { desc, eq } from 'drizzle-orm';
import { devMailbox } from '@app/db';
import { indiaToday } from '@app/contracts';
import type { TestApp } from './helpers.ts';
import { createLearner, type Learner } from './fixtures.ts';

/** A date of birth for someone `age` years old today (India time), a month clear of a birthday. */
export function dobForAge(now: Date, age: number): string {
  const [y, m] = indiaToday(now).split('-').map(Number) as [number, number];
  // One month back, on the 1st: the birthday has passed this year, so the age is exact.
  const month = m === 1 ? 12 : m - 1;
  const year = (m === 1 ? y - 1 : y) - age;
  return `${year}-${String(month).padStart(2, '0')}-01`;
}

/** A verified learner of `age` (13 unless told). */
export function createMinor(t: Pick<TestApp, 'app' | 'clock'>, age = 13): Promise<Learner> {
  return createLearner(t.app, { dateOfBirth: dobForAge(t.clock.now(), age) });
}

/** The consent link of the newest mail to `to` in the dev outbox, as its token. */
export async function consentTokenMailedTo(t: Pick<TestApp, 'app'>, to: string): Promise<string> {
  const [mail] = await t.app.ctx.db
    .select()
    .from(devMailbox)
    .where(eq(devMailbox.to, to))
    .orderBy(desc(devMailbox.id))
    .limit(1);
  const token = mail?.text.match(/\/guardian\/consent\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no consent mail to ${to}`);
  return token;
}

/** The learner names a guardian by email and the guardian agrees through the mailed link; returns the token. */
export async function giveConsentByEmail(
  t: Pick<TestApp, 'app' | 'client'>,
  child: Learner,
  guardianEmail = `parent-${child.id}@example.com`,
): Promise<string> {
  const ask = await t.client
    .as(child.token)
    .post('/consent', { guardian_name: 'Meera Nair', channel: 'email', guardian_email: guardianEmail });
  if (ask.statusCode !== 200) throw new Error(`POST /consent: ${ask.statusCode} ${JSON.stringify(ask.body)}`);
  const token = await consentTokenMailedTo(t, guardianEmail);
  const agree = await t.client.as(undefined).post(`/guardian/consent/${token}`, { agree: true });
  if (agree.statusCode !== 200)
    throw new Error(`POST /guardian/consent: ${agree.statusCode} ${JSON.stringify(agree.body)}`);
  return token;
}
