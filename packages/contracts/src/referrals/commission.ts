/**
 * Referral commission (docs/product/referrals-and-levels.md#commission): `percent` of the amount paid, in whole paise, floored.
 * The percent may carry decimals (7.5); it is taken to basis points first so the arithmetic stays
 * in integers. Nothing for a zero (or invalid) amount.
 */
export function commissionPaise(amountPaidPaise: number, percent: number): number {
  if (!Number.isSafeInteger(amountPaidPaise) || amountPaidPaise <= 0) return 0;
  if (!Number.isFinite(percent) || percent <= 0) return 0;
  const basisPoints = Math.round(Math.min(percent, 100) * 100);
  return Math.floor((amountPaidPaise * basisPoints) / 10_000);
}

/**
 * How much of a commission a refund can take back: all of it when the balance allows, otherwise
 * the balance (the wallet never goes negative) and the rest is a recorded shortfall.
 */
export function commissionReversal(
  commission: number,
  balancePaise: number,
): { reversedPaise: number; shortfallPaise: number } {
  const reversedPaise = Math.max(0, Math.min(commission, balancePaise));
  return { reversedPaise, shortfallPaise: Math.max(0, commission - reversedPaise) };
}
