import { and, desc, eq, isNotNull, or } from 'drizzle-orm';
import { guardianConsents, type DbOrTx } from '@app/db';
import { canonicalEmail, consentMessages, type AskConsentInput } from '@app/contracts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Once a guardian is on record, only that guardian can be asked: a guardian who withdrew consent (or
 * refused a request), or one the operator named on a written request (decision 024), whichever came
 * last. A new request must go to that contact, the same email (compared canonically, as the learner's
 * own is) or the same mobile; another contact (the learner's second inbox, say) is refused with 400.
 * Naming another guardian is for the operator (`nameGuardian`).
 *
 * Call it inside the transaction that inserts the request: it locks the learner's requests first, so a
 * withdrawal landing at the same moment is either seen here or finds its request already superseded.
 */
export async function refuseGuardianNotOnRecord(
  tx: DbOrTx,
  options: { userId: number; input: Pick<AskConsentInput, 'guardian_email' | 'guardian_mobile'> },
): Promise<void> {
  await tx
    .select({ id: guardianConsents.id })
    .from(guardianConsents)
    .where(eq(guardianConsents.userId, options.userId))
    .for('update');
  const [onRecord] = await tx
    .select({
      email: guardianConsents.guardianEmail,
      mobile: guardianConsents.guardianMobile,
      namedBy: guardianConsents.namedBy,
    })
    .from(guardianConsents)
    .where(
      and(
        eq(guardianConsents.userId, options.userId),
        or(eq(guardianConsents.status, 'withdrawn'), isNotNull(guardianConsents.namedBy)),
      ),
    )
    .orderBy(desc(guardianConsents.id))
    .limit(1);
  if (!onRecord) return;
  const { guardian_email: email, guardian_mobile: mobile } = options.input;
  const isSameGuardian = onRecord.email
    ? Boolean(email) && canonicalEmail(email!) === canonicalEmail(onRecord.email)
    : Boolean(mobile) && mobile === onRecord.mobile;
  if (isSameGuardian) return;
  throw AppError.badRequest(
    onRecord.namedBy === null ? consentMessages.guardianWithdrewOnlyThem : consentMessages.guardianNamedOnlyThem,
  );
}
