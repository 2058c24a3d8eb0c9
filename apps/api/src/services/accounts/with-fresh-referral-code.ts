import { REFERRAL_ALPHABET, REFERRAL_CODE_LENGTH } from '@app/contracts';
import { randomString } from '../../lib/crypto.ts';
import { isUniqueViolation } from '../../lib/postgres-error.ts';

/** Codes drawn before giving up: with 31^8 codes a second collision in a row is all but impossible. */
const CODE_ATTEMPTS = 5;

/**
 * Runs `insert` (a new user's insert, in its own transaction) with a freshly drawn referral code,
 * and again with another one while the code collides with an existing user's: the unique index,
 * not a look-up first, decides, so two sign-ups drawing the same code at once cannot both keep it.
 */
export async function withFreshReferralCode<T>(insert: (referralCode: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insert(randomString(REFERRAL_ALPHABET, REFERRAL_CODE_LENGTH));
    } catch (error) {
      if (isUniqueViolation(error, 'users_referral_code_unique') && attempt < CODE_ATTEMPTS) continue;
      throw error;
    }
  }
}
