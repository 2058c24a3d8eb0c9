/**
 * What a feature keeps on the device for one learner (a quiz in progress), in localStorage so that it survives the
 * app being closed (docs/product/app-shell.md#token-storage). Phones are shared between siblings: an item is stored
 * under its learner's referral code (GET /me; drawn once at registration, never changed), read back only under it,
 * every other learner's item goes when someone signs in (lib/auth/get-me.ts), and all of them at logout.
 */
import { storageKeys } from './token-storage';

const PREFIX = 'learner:';

/**
 * After GET /me: whose session this is (their referral code), for what is filed under a learner elsewhere than in
 * localStorage (chapters saved for offline, decision 058) to be found while /me has not answered yet (offline). It
 * goes with the session at logout and on a 401 (token-storage.ts clearSession).
 */
export function rememberLearner(learner: string): void {
  try {
    localStorage.setItem(storageKeys.learner, learner);
  } catch {
    // Storage blocked: the learner is known again at the next GET /me.
  }
}

/** The learner of the session stored on this device, when a GET /me of it has answered; null otherwise. */
export function learnerOnDevice(): string | null {
  try {
    return localStorage.getItem(storageKeys.learner);
  } catch {
    return null;
  }
}

/** The localStorage key of one learner's item, e.g. `learner:ABCD2345:quiz:5`. */
export const learnerItemKey = (learner: string, name: string) => `${PREFIX}${learner}:${name}`;

function forgetItems(isKept: (key: string) => boolean): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(PREFIX) && !isKept(key)) localStorage.removeItem(key);
    }
  } catch {
    // Storage blocked: nothing was kept either.
  }
}

/** After a sign-in: what an earlier learner on this device left (signed out by a 401, not by logout) goes. */
export function forgetOtherLearners(learner: string): void {
  const own = learnerItemKey(learner, '');
  forgetItems((key) => key.startsWith(own));
}

/** At logout: every learner's items go. */
export function forgetLearnerItems(): void {
  forgetItems(() => false);
}
