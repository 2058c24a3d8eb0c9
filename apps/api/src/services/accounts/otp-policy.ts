import { setTimeout as sleep } from 'node:timers/promises';

/** The email OTP rules (docs/product/accounts-and-sign-in.md#email-otp), in one place (mail templates quote the lifetime). */
export const OTP_POLICY = {
  digits: 6,
  ttlMinutes: 10,
  maxWrongAttempts: 5,
  resendAfterSeconds: 60,
  /**
   * Forgot-password answers this long after the request arrives (after the rate limits),
   * whatever the email and its code: a known account's new code and its mail are awaited up to
   * then, and mail that takes longer is finished after the answer, so its time never shows.
   * Above what a new code and a mail to a nearby SMTP server take on a loaded machine.
   */
  forgotAnswerMs: 500,
  /**
   * Reset-password answers no sooner than this after the request arrives, whatever the email
   * and its code (a counted wrong try writes; an unknown email's does not).
   */
  resetAnswerMs: 150,
} as const;

export type OtpPurpose = 'verify_email' | 'reset_password';

/**
 * Purposes used without signing in (forgot and reset password), whose answers must not tell
 * whether the account exists or what state its code is in (docs/product/accounts-and-sign-in.md#no-account-enumeration): every
 * wrong code answers 'Invalid OTP.', and only the right code of a dead one learns that it expired.
 */
export const ANONYMOUS_PURPOSES: ReadonlySet<OtpPurpose> = new Set(['reset_password']);

/**
 * Runs `work` and settles (answers or throws) no sooner than `floorMs` after the call. `work` is
 * handed the floor's own timer, so it can stop waiting for something slow once the floor is reached.
 */
export async function withAnswerFloor<T>(floorMs: number, work: (floor: Promise<void>) => Promise<T>): Promise<T> {
  const floor = sleep(floorMs);
  try {
    return await work(floor);
  } finally {
    await floor;
  }
}
