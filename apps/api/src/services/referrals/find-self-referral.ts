import { selfReferralReason, type SelfReferralReason } from '@app/contracts';

interface Person {
  id: number;
  emailCanonical: string;
  mobile: string;
}

/** A user's bank details as the self-referral rule compares them (the account number only by its hash). */
export interface BankIdentity {
  userId: number;
  accountNumberHash: string;
  panCard: string;
}

/** The self-referral rule (issue 5) with both people's bank details, read with the purchase (readPaidPurchase). */
export function findSelfReferral(
  buyer: Person,
  referrer: Person,
  banks: readonly BankIdentity[],
): SelfReferralReason | null {
  const bankOf = (id: number) => banks.find((b) => b.userId === id);
  return selfReferralReason({ ...buyer, ...bankOf(buyer.id) }, { ...referrer, ...bankOf(referrer.id) });
}
