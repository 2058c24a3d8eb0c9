import { paths } from '@/config/paths';

/**
 * The invitation link (docs/product/referrals-and-levels.md#invite-link): app URL + /register/{referral_code}. The app is served
 * from its public URL, so the page's own origin is that URL.
 */
export function referralLink(referralCode: string, appUrl: string = window.location.origin): string {
  return `${appUrl.replace(/\/+$/, '')}${paths.register.getHref(referralCode)}`;
}
