/** Bank and photo rules (docs/product/profile.md#bank-details, #photo). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_MAX_PIXELS = 4096;
export const PHOTO_FORMATS = ['png', 'gif', 'jpeg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** Every digit but the last 4 as '*': 123456789012 → ********9012. */
export function maskAccountNumber(accountNumber: string): string {
  const visible = accountNumber.slice(-4);
  return '*'.repeat(Math.max(0, accountNumber.length - visible.length)) + visible;
}

/** An account known only by its last 4 digits, masked as a whole one is: ********9012. */
export function maskAccountLast4(last4: string): string {
  return `********${last4}`;
}
