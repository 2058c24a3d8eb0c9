import { inArray } from 'drizzle-orm';
import { bankDetails, type DbOrTx } from '@app/db';
import { selfReferralReason, type SelfReferralReason } from '@app/contracts';

interface Person {
  id: number;
  emailCanonical: string;
  mobile: string;
}

/** The self-referral rule (issue 5) with both people's bank details looked up. */
export async function findSelfReferral(db: DbOrTx, buyer: Person, referrer: Person): Promise<SelfReferralReason | null> {
  const banks = await db
    .select({ userId: bankDetails.userId, accountNumberHash: bankDetails.accountNumberHash, panCard: bankDetails.panCard })
    .from(bankDetails)
    .where(inArray(bankDetails.userId, [buyer.id, referrer.id]));
  const bankOf = (id: number) => banks.find((b) => b.userId === id);
  return selfReferralReason({ ...buyer, ...bankOf(buyer.id) }, { ...referrer, ...bankOf(referrer.id) });
}
