/** What ties an account to a person, for the self-referral rule of issue 5. */
export interface ReferralIdentity {
  /** users.email_canonical: case folded, Gmail dots and +tags removed (canonicalEmail). */
  emailCanonical: string;
  mobile: string;
  /** HMAC of the bank account number, when bank details are on file. */
  accountNumberHash?: string | null | undefined;
  panCard?: string | null | undefined;
}

export type SelfReferralReason = 'email' | 'mobile' | 'bank_account' | 'pan';

const same = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a) && Boolean(b) && a!.trim().toUpperCase() === b!.trim().toUpperCase();

/**
 * Why the buyer looks like the referrer themself, or null: the same mailbox, mobile, bank account
 * or PAN. No commission is paid and the sign-up is not counted for levels in that case.
 */
export function selfReferralReason(buyer: ReferralIdentity, referrer: ReferralIdentity): SelfReferralReason | null {
  if (same(buyer.emailCanonical, referrer.emailCanonical)) return 'email';
  if (same(buyer.mobile, referrer.mobile)) return 'mobile';
  if (same(buyer.accountNumberHash, referrer.accountNumberHash)) return 'bank_account';
  if (same(buyer.panCard, referrer.panCard)) return 'pan';
  return null;
}
