import { eq } from 'drizzle-orm';
import { guardianConsents, users } from '@app/db';
import { consentMessages } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { consentStatus } from './consent-status.ts';
import { isConsentLinkExpired } from './is-consent-link-expired.ts';

/**
 * The consent request behind a guardian's link, with the child, or 404: an unknown token, a
 * superseded one (the learner asked again) and one that is no longer the learner's current request answer
 * the same; a pending one 7 days old or more answers 404 too, saying it expired (the guardian's page tells them
 * to ask for a new link), and any link of a learner now 18 says that consent is no longer needed.
 */
export async function findConsentByToken(ctx: Pick<AppContext, 'db' | 'now'>, token: string) {
  const [row] = await ctx.db
    .select({
      consent: guardianConsents,
      child: { id: users.id, firstName: users.firstName, lastName: users.lastName, language: users.language },
    })
    .from(guardianConsents)
    .innerJoin(users, eq(users.id, guardianConsents.userId))
    .where(eq(guardianConsents.tokenHash, sha256Hex(token)));
  if (!row || row.consent.status === 'superseded') throw AppError.notFound(consentMessages.consentLinkInvalid);
  if (isConsentLinkExpired(row.consent, ctx.now())) throw AppError.notFound(consentMessages.consentLinkExpired);
  // A link stops opening anything, purchases included, once the learner is 18 (no consent is needed) or once it is
  // not the learner's current request (the operator named another guardian, or the learner asked again since).
  const state = await consentStatus(ctx, ctx.db, { userId: row.consent.userId });
  if (state.status === 'not_needed') throw AppError.notFound(consentMessages.consentLinkAdult);
  if (state.consent?.id !== row.consent.id) throw AppError.notFound(consentMessages.consentLinkInvalid);
  return row;
}
