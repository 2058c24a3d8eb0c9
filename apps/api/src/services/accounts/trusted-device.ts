import { hmacHex, randomToken, secretsEqual } from '../../lib/crypto.ts';
import { readCookie } from '../../lib/read-cookie.ts';

/*
 * A trusted device: a browser that has signed in to an account before carries a cookie proving it (an HMAC of the
 * account's email and a random id for the browser, under APP_SECRET), sent only to the sign-in route. Its wrong
 * passwords are counted for that browser alone, so a classmate who types a learner's email with wrong passwords
 * locks out new browsers (the per-account limit) but not the learner's own phone. The cookie proves a past
 * sign-in, nothing more: it never stands in for the password. Decision 041.
 */

/** A browser stays trusted this long after its last sign-in to the account. */
const TRUST_SECONDS = 365 * 86_400;

/** One cookie per account the browser signed in to (siblings share phones), named so that it says nothing of whose. */
const cookieName = (secret: string, email: string) =>
  `LC-DEVICE-${hmacHex(secret, `trusted-device-name|${email}`).slice(0, 16)}`;

const proofOf = (secret: string, email: string, deviceId: string) =>
  hmacHex(secret, `trusted-device|${email}|${deviceId}`);

/** The browser's id when its Cookie header proves an earlier sign-in to `email` (normalised), else null. */
export function readTrustedDevice(secret: string, email: string, cookieHeader: string | undefined): string | null {
  const value = readCookie(cookieHeader, cookieName(secret, email));
  if (!value) return null;
  const [deviceId, proof, extra] = value.split('.');
  if (!deviceId || !proof || extra !== undefined) return null;
  return secretsEqual(proof, proofOf(secret, email, deviceId)) ? deviceId : null;
}

/** A new id for a browser that signed in without a proof. */
export const newDeviceId = (): string => randomToken().slice(0, 22);

/** The Set-Cookie value that makes the browser trusted for `email`: HttpOnly, sent only to `path` (the sign-in route). */
export function trustedDeviceSetCookie(options: {
  secret: string;
  email: string;
  deviceId: string;
  path: string;
  secure: boolean;
}): string {
  const { secret, email, deviceId, path, secure } = options;
  const value = `${deviceId}.${proofOf(secret, email, deviceId)}`;
  return `${cookieName(secret, email)}=${value}; Path=${path}; Max-Age=${TRUST_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
