import { eq } from 'drizzle-orm';
import { guardianConsents, users } from '@app/db';
import { consentMessages } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { isConsentLinkExpired } from './is-consent-link-expired.ts';

/**
 * The consent request behind a guardian's link, with the child, or 404: an unknown token and a
 * superseded one (the learner asked again) answer the same; a pending one 7 days old or more answers
 * 404 too, saying it expired (the guardian's page tells them to ask for a new link).
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
  return row;
}
