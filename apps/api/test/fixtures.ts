import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '@app/db';
import { REFERRAL_ALPHABET, canonicalEmail } from '@app/contracts';
import type { App } from '../src/app.ts';
import { issueToken } from '../src/services/accounts/issue-token.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { randomString } from '../src/lib/crypto.ts';

export const TEST_PASSWORD = 'Secret@123';
let passwordHash: Promise<string> | undefined;

export interface Learner {
  id: number;
  email: string;
  token: string;
  referralCode: string;
}

/**
 * A learner written straight to the database (verified unless told otherwise) with a live token.
 * For tests that are not about registration itself.
 */
export async function createLearner(
  app: App,
  options: {
    verified?: boolean;
    referrerId?: number;
    email?: string;
    roles?: string[];
    mobile?: string;
    dateOfBirth?: string | null;
  } = {},
): Promise<Learner> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const email = options.email ?? `learner-${randomBytes(5).toString('hex')}@example.com`;
  const referralCode = randomString(REFERRAL_ALPHABET, 8);
  const [user] = await app.ctx.db
    .insert(users)
    .values({
      firstName: 'Test',
      lastName: 'Learner',
      email,
      emailCanonical: canonicalEmail(email),
      mobile: options.mobile ?? '9' + randomString('0123456789', 9),
      passwordHash: await passwordHash,
      referralCode,
      referrerId: options.referrerId ?? null,
      roles: options.roles ?? ['learner'],
      emailVerifiedAt: options.verified === false ? null : new Date(),
      // An adult unless told otherwise: a learner under 18 needs a guardian's consent to pay (issue 16).
      dateOfBirth: options.dateOfBirth === undefined ? '1990-01-01' : options.dateOfBirth,
    })
    .returning({ id: users.id });
  const token = await issueToken(app.ctx.db, user!.id, app.ctx.now());
  return { id: user!.id, email, token, referralCode };
}

export async function getUser(app: App, id: number) {
  const [user] = await app.ctx.db.select().from(users).where(eq(users.id, id));
  return user!;
}

/**
 * What a describe block's beforeAll made, read from a test or a hook: a fixture that sets itself up
 * in the block (setUpLedgerTestApp) hands out getters, and a read before beforeAll ran is a mistake.
 */
export function madeInBeforeAll<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('made in beforeAll: read it in a test or a hook, not in the describe body');
  return value;
}
