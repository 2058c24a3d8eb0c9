import { hmacHex, randomToken, secretsEqual } from '../../lib/crypto.ts';
import { readCookie } from '../../lib/read-cookie.ts';

/*
 * A trusted device: a browser that has signed in to an account before carries a cookie proving it (an HMAC of the
 * account's id and email and a random id for the browser, under APP_SECRET), sent only to the sign-in route. The id
 * is in it so that an account registered anew with an erased account's email (decision 066) trusts none of the old
 * account's browsers. Its wrong
 * passwords are counted for that browser alone, so a classmate who types a learner's email with wrong passwords
 * locks out new browsers (the per-account limit) but not the learner's own phone. The cookie proves a past
 * sign-in, nothing more: it never stands in for the password. Decision 041.
 */

/** A browser stays trusted this long after its last sign-in to the account. */
const TRUST_SECONDS = 365 * 86_400;

/** One cookie per account the browser signed in to (siblings share phones), named so that it says nothing of whose. */
const cookieName = (secret: string, email: string) =>
  `LC-DEVICE-${hmacHex(secret, `trusted-device-name|${email}`).slice(0, 16)}`;

/** The account a cookie is for: its id, and its email (normalised) that names the cookie. */
export interface TrustedAccount {
  userId: number;
  email: string;
}

const proofOf = (secret: string, account: TrustedAccount, deviceId: string) =>
  hmacHex(secret, `trusted-device|${account.userId}|${account.email}|${deviceId}`);

/** The browser's id when its Cookie header proves an earlier sign-in to `account`, else null. */
export function readTrustedDevice(
  secret: string,
  account: TrustedAccount,
  cookieHeader: string | undefined,
): string | null {
  const value = readCookie(cookieHeader, cookieName(secret, account.email));
  if (!value) return null;
  const [deviceId, proof, extra] = value.split('.');
  if (!deviceId || !proof || extra !== undefined) return null;
  return secretsEqual(proof, proofOf(secret, account, deviceId)) ? deviceId : null;
}

/** A new id for a browser that signed in without a proof. */
export const newDeviceId = (): string => randomToken().slice(0, 22);

/** The Set-Cookie value that makes the browser trusted for `account`: HttpOnly, sent only to `path` (the sign-in route). */
export function trustedDeviceSetCookie(options: {
  secret: string;
  account: TrustedAccount;
  deviceId: string;
  path: string;
  secure: boolean;
}): string {
  const { secret, account, deviceId, path, secure } = options;
  const value = `${deviceId}.${proofOf(secret, account, deviceId)}`;
  return `${cookieName(secret, account.email)}=${value}; Path=${path}; Max-Age=${TRUST_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
