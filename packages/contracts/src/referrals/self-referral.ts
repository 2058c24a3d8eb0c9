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
  return payoutReason(buyer, referrer);
}

/** selfReferralReason on what money is paid to only: the same bank account or PAN. */
export function payoutReason(
  a: Pick<ReferralIdentity, 'accountNumberHash' | 'panCard'>,
  b: Pick<ReferralIdentity, 'accountNumberHash' | 'panCard'>,
): 'bank_account' | 'pan' | null {
  if (same(a.accountNumberHash, b.accountNumberHash)) return 'bank_account';
  if (same(a.panCard, b.panCard)) return 'pan';
  return null;
}

/**
 * Why a sub-user earns the referrer nothing, as stored in users.referral_status_reason: a
 * self-referral finding, or 'operator' when an operator rejected the sign-up in the held-referrals
 * review.
 */
export type IneligibleReason = SelfReferralReason | 'operator';

/** What the referrer reads beside a sub-user who is not eligible (Users page, dashboard). */
export const ineligibleReasonText: Record<IneligibleReason, string> = {
  mobile: 'Same mobile number as yours',
  email: 'Same email as yours',
  bank_account: 'Same bank account as yours',
  pan: 'Same PAN as yours',
  operator: 'Not accepted after review by our team',
};

/**
 * The sentence for a rejected sign-up's stored reason. A code gives its sentence; any other
 * stored text is shown as it is; nothing stored means an operator rejected it (rows rejected
 * before reasons were kept).
 */
export function ineligibleReasonSentence(stored: string | null | undefined): string {
  const reason = stored?.trim();
  if (!reason) return ineligibleReasonText.operator;
  return Object.hasOwn(ineligibleReasonText, reason) ? ineligibleReasonText[reason as IneligibleReason] : reason;
}
