import { paths } from '@/config/paths';

/**
 * The invitation link of spec section 1: app URL + /register/{referral_code}. The app is served
 * from its public URL, so the page's own origin is that URL.
 */
export function referralLink(referralCode: string, appUrl: string = window.location.origin): string {
  return `${appUrl.replace(/\/+$/, '')}${paths.register.getHref(referralCode)}`;
}
