/** Referral messages the spec leaves open (docs/product/referrals-and-levels.md). */
export const referralMessages = {
  statusInvalid: "status must be 'pending', 'active' or 'ineligible'.",
} as const;
