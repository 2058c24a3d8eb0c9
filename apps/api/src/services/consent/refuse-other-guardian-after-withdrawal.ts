import { and, desc, eq } from 'drizzle-orm';
import { guardianConsents, type DbOrTx } from '@app/db';
import { canonicalEmail, consentMessages, type AskConsentInput } from '@app/contracts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Once a guardian has withdrawn consent (or refused a request), only that guardian can give it again: a
 * new request must go to the contact of the latest withdrawal, the same email (compared canonically, as
 * the learner's own is) or the same mobile; another contact (the learner's second inbox, say) is refused
 * with 400. Naming another guardian is for the operator, on a written request (decision 024).
 *
 * Call it inside the transaction that inserts the request: it locks the learner's requests first, so a
 * withdrawal landing at the same moment is either seen here or finds its request already superseded.
 */
export async function refuseOtherGuardianAfterWithdrawal(
  tx: DbOrTx,
  options: { userId: number; input: Pick<AskConsentInput, 'guardian_email' | 'guardian_mobile'> },
): Promise<void> {
  await tx
    .select({ id: guardianConsents.id })
    .from(guardianConsents)
    .where(eq(guardianConsents.userId, options.userId))
    .for('update');
  const [withdrawn] = await tx
    .select({ email: guardianConsents.guardianEmail, mobile: guardianConsents.guardianMobile })
    .from(guardianConsents)
    .where(and(eq(guardianConsents.userId, options.userId), eq(guardianConsents.status, 'withdrawn')))
    .orderBy(desc(guardianConsents.id))
    .limit(1);
  if (!withdrawn) return;
  const { guardian_email: email, guardian_mobile: mobile } = options.input;
  const isSameGuardian = withdrawn.email
    ? Boolean(email) && canonicalEmail(email!) === canonicalEmail(withdrawn.email)
    : Boolean(mobile) && mobile === withdrawn.mobile;
  if (!isSameGuardian) throw AppError.badRequest(consentMessages.guardianWithdrewOnlyThem);
}
