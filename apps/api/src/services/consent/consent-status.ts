import { eq, sql } from 'drizzle-orm';
import { guardianConsents, users, type DbOrTx } from '@app/db';
import { ADULT_AGE, ageOn, indiaToday, type ConsentData, type ConsentStatus } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { maskEmail, maskMobile } from '../../lib/mask-contact.ts';
import { preparedPerDatabase } from '../database/index.ts';
import { isConsentLinkExpired } from './is-consent-link-expired.ts';

export type GuardianConsentRow = typeof guardianConsents.$inferSelect;

export interface ConsentState {
  status: ConsentStatus;
  /** Money actions (pay, redeem, bank details, withdraw) are open. */
  allowed: boolean;
  dateOfBirth: string | null;
  age: number | null;
  /** The learner's current request (the newest one not superseded), if any. */
  consent: GuardianConsentRow | null;
  /** The current request is pending and its link no longer answers (isConsentLinkExpired). */
  linkExpired: boolean;
}

/**
 * The learner's date of birth and newest consent row that counts (superseded requests never do), in one
 * statement: every money request asks (requireMoneyConsent), so it is prepared once (preparedPerDatabase).
 */
const consentStateQuery = preparedPerDatabase((db) =>
  db
    .select({ dateOfBirth: users.dateOfBirth, consent: guardianConsents })
    .from(users)
    .leftJoin(
      guardianConsents,
      eq(
        guardianConsents.id,
        sql`(select max(c.id) from ${guardianConsents} c where c.user_id = ${users.id} and c.status <> 'superseded')`,
      ),
    )
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('consent_state'),
);

/**
 * Where a learner stands (issue 16, part 7), age counted in India time at ctx.now(): without a date of
 * birth, dob_needed; 18 or over, not_needed (a learner who turns 18 needs no consent any more);
 * under 18, by their current request: needed (none), pending, given or withdrawn.
 */
export async function consentStatus(
  ctx: Pick<AppContext, 'now'>,
  db: DbOrTx,
  options: { userId: number },
): Promise<ConsentState> {
  const [row] = await consentStateQuery(db).execute({ userId: options.userId });
  const dateOfBirth = row?.dateOfBirth ?? null;
  if (!dateOfBirth) {
    return { status: 'dob_needed', allowed: false, dateOfBirth: null, age: null, consent: null, linkExpired: false };
  }
  const now = ctx.now();
  const age = ageOn(dateOfBirth, indiaToday(now));
  const consent = row?.consent ?? null;
  const linkExpired = consent ? isConsentLinkExpired(consent, now) : false;
  if (age >= ADULT_AGE) return { status: 'not_needed', allowed: true, dateOfBirth, age, consent, linkExpired };
  if (!consent) return { status: 'needed', allowed: false, dateOfBirth, age, consent: null, linkExpired };
  const status = consent.status as 'pending' | 'given' | 'withdrawn';
  return { status, allowed: status === 'given', dateOfBirth, age, consent, linkExpired };
}

/** GET /consent's answer: the state with the guardian's contact masked. */
export function toConsentData(state: ConsentState): ConsentData {
  const { consent } = state;
  const showGuardian = consent && state.status !== 'not_needed';
  return {
    status: state.status,
    allowed: state.allowed,
    date_of_birth: state.dateOfBirth,
    age: state.age,
    guardian: showGuardian
      ? {
          name: consent.guardianName,
          channel: consent.guardianEmail ? 'email' : 'mobile',
          contact: consent.guardianEmail ? maskEmail(consent.guardianEmail) : maskMobile(consent.guardianMobile ?? ''),
        }
      : null,
    requested_at: showGuardian ? consent.createdAt.toISOString() : null,
    given_at: showGuardian && consent.givenAt ? consent.givenAt.toISOString() : null,
    withdrawn_at: showGuardian && consent.withdrawnAt ? consent.withdrawnAt.toISOString() : null,
    link_expired: state.status === 'pending' && state.linkExpired,
  };
}

export async function getConsentStatus(ctx: AppContext, options: { userId: number }): Promise<ConsentData> {
  return toConsentData(await consentStatus(ctx, ctx.db, options));
}
