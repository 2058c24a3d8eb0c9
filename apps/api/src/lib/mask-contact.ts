/**
 * The referrer card on the register page shows contact details masked (docs/product/accounts-and-sign-in.md#referral-codes):
 * `rahul.k@gmail.com` → `ra****@gmail.com`, `9876543210` → `******3210`. The number of stars is
 * fixed so the mask does not tell the length.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return '****';
  const local = email.slice(0, at);
  const shown = local.length > 2 ? local.slice(0, 2) : local.slice(0, 1);
  return `${shown}****${email.slice(at)}`;
}

export function maskMobile(mobile: string): string {
  return mobile.length > 4 ? `******${mobile.slice(-4)}` : '******';
}
