import { eq } from 'drizzle-orm';
import { guardianConsents, users, type DbOrTx } from '@app/db';
import { consentMessages } from '@app/contracts';
import { AppError } from '../../lib/app-error.ts';
import { sha256Hex } from '../../lib/crypto.ts';

/**
 * The consent request behind a guardian's link, with the child, or 404: an unknown token and a
 * superseded one (the learner asked again) answer the same.
 */
export async function findConsentByToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select({
      consent: guardianConsents,
      child: { id: users.id, firstName: users.firstName, lastName: users.lastName, language: users.language },
    })
    .from(guardianConsents)
    .innerJoin(users, eq(users.id, guardianConsents.userId))
    .where(eq(guardianConsents.tokenHash, sha256Hex(token)));
  if (!row || row.consent.status === 'superseded') throw AppError.notFound(consentMessages.consentLinkInvalid);
  return row;
}
