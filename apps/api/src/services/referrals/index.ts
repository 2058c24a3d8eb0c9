export type { BankIdentity } from './find-self-referral.ts';
export type { PaidReferralPurchase } from './on-purchase-paid.ts';
export { listSubUsers, recentSubUsers } from './list-sub-users.ts';
export { activates, activatesSql, onPurchasePaid } from './on-purchase-paid.ts';
export { onPurchaseRefunded } from './on-purchase-refunded.ts';
export { reviewSelfReferrals } from './review-self-referrals.ts';
export { earnsFromSubUsers, lockEarningReferrer } from './earning-referrer.ts';
