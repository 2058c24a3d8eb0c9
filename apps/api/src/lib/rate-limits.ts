import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { messages } from '@app/contracts';
import { AppError } from './app-error.ts';
import { subscriberNetwork } from './subscriber-network.ts';

export interface LimitRule {
  points: number;
  durationSeconds: number;
}

/**
 * Every limit, by name. Per account: strict. Per address (the names ending in PerIp): generous, because a whole school
 * lab can sit behind one IP; an IPv6 address counts as its /64 (subscriberNetwork).
 */
export const defaultLimitRules = {
  /** Wrong passwords for an account from browsers that never signed in to it (services/accounts/trusted-device.ts). */
  loginFailuresPerAccount: { points: 10, durationSeconds: 15 * 60 },
  /** Wrong passwords for an account from one browser that signed in to it before: that browser alone is locked. */
  loginFailuresPerDevice: { points: 10, durationSeconds: 15 * 60 },
  loginPerIp: { points: 300, durationSeconds: 15 * 60 },
  /** Wrong current passwords typed by a signed-in learner (services/profile/confirm-current-password.ts). */
  passwordChecksPerUser: { points: 10, durationSeconds: 60 * 60 },
  /**
   * Bank details saved by one learner in a day: a few typos fixed is normal. Each save is checked against the
   * learner's sub-users' bank accounts and PANs, whose page then says so: not a way to try guesses (decision 057).
   */
  bankDetailsSavesPerUser: { points: 10, durationSeconds: 24 * 60 * 60 },
  registerPerIp: { points: 30, durationSeconds: 60 * 60 },
  otpPerAccount: { points: 10, durationSeconds: 60 * 60 },
  otpPerIp: { points: 200, durationSeconds: 60 * 60 },
  resetPerAccount: { points: 10, durationSeconds: 60 * 60 },
  /** Reset codes (5 guesses each) mailed to one account in a day: the hourly limit alone allows 1,200 guesses a day. */
  resetPerAccountDaily: { points: 20, durationSeconds: 24 * 60 * 60 },
  resetPerIp: { points: 100, durationSeconds: 60 * 60 },
  /**
   * Code mails (verification and reset together) to one inbox, keyed on its canonical address (Gmail's dots and +tags,
   * case: one inbox), in an hour and in a day. The limits per account and per literal address let 25 accounts made on
   * parent+1…+25@gmail.com fill one inbox; this one does not, and leaves room for a family's children each verifying
   * and resetting (decision 073). Counted when a code is made, under its account's lock, on the address it goes to.
   */
  codeMailsPerMailbox: { points: 10, durationSeconds: 60 * 60 },
  codeMailsPerMailboxDaily: { points: 20, durationSeconds: 24 * 60 * 60 },
  /** reference-user-validate: codes are unguessable, this only slows a scan. */
  referralLookupPerIp: { points: 300, durationSeconds: 15 * 60 },
  /** POST /consent: each request mails a guardian (or makes a link); a few an hour is plenty. */
  consentRequestsPerAccount: { points: 5, durationSeconds: 60 * 60 },
  consentRequestsPerIp: { points: 100, durationSeconds: 60 * 60 },
  /**
   * Accounts that mail one guardian's address in a day (its canonical form: Gmail's dots and +tags, case folded). The
   * address is not proved, and the mail carries names the learner typed, so fifty accounts must not make it a way to
   * flood, or write to, someone else's inbox; each account counts once, its own reminders do not count again, so
   * strangers asking first do not lock the real child out of asking their parent (decision 024, later). Ten leaves
   * room for a family's children.
   */
  consentMailsPerGuardianEmail: { points: 10, durationSeconds: 24 * 60 * 60 },
  /** Consent mails from one account to one guardian's address (canonical) in a day: the first and two reminders. */
  consentMailsPerLearnerAndGuardianEmail: { points: 3, durationSeconds: 24 * 60 * 60 },
  /**
   * New emails asked for by one learner (PUT /profile): each answers whether the address has an account ('This email
   * is already registered.'), so they are few, as sign-ups from one address are (decision 064).
   */
  emailChangesPerUser: { points: 10, durationSeconds: 60 * 60 },
  /** Profile photos uploaded by one learner: each costs a decode and a re-encode (decision 064). */
  profilePhotosPerUser: { points: 20, durationSeconds: 60 * 60 },
  /** Unknown offer codes tried by one account (a mistyped code or two is normal; a word list is not). */
  offerCodeMissesPerAccount: { points: 20, durationSeconds: 15 * 60 },
  /**
   * Unknown offer codes tried from one network, all its accounts together: otherwise fifty accounts (registerPerIp
   * lets one address make them in two hours) try fifty times the codes. A code that exists is not counted, so a school
   * lab whose children all type the right code never spends it; 60 leaves room for a lab's typos (decision 064, later).
   */
  offerCodeMissesPerIp: { points: 60, durationSeconds: 60 * 60 },
  /**
   * Lookups an account may still make on a network past its offer-code budget: one an hour, so one pupil's word list
   * does not lock a whole school out of its code (decision 064, later).
   */
  offerCodeTriesOnSpentNetwork: { points: 1, durationSeconds: 60 * 60 },
  /**
   * Those lookups, all the network's accounts together: accounts pile up (registerPerIp makes 30 an hour, every hour),
   * so without this a network's guesses would grow with the accounts it had made.
   */
  offerCodeSpentNetworkTriesPerIp: { points: 60, durationSeconds: 60 * 60 },
} satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof defaultLimitRules;
export type LimitRules = Record<LimitName, LimitRule>;

export interface RateLimits {
  /**
   * Counts one attempt; throws 429 once the limit is passed, else answers how many the window has counted, this one
   * included. A limit on guesses (passwords, codes) counts each guess here, before it is tried: requests sent
   * together then cannot all pass a limit that is counted only after the slow check (argon2, a database read). A
   * guess that turns out not to count (the right password, a code that exists) gets its point back with `giveBack`.
   */
  consume(name: LimitName, key: string): Promise<number>;
  /** Gives back the point of one attempt `consume` counted. */
  giveBack(name: LimitName, key: string): Promise<void>;
  /**
   * Throws 429 if the limit is already used up, without counting: only where what is limited is counted once it has
   * happened (a mail sent) and something else stops a burst; never for guesses.
   */
  check(name: LimitName, key: string): Promise<void>;
  /** Forgets the attempts (e.g. after a successful login). */
  reset(name: LimitName, key: string): Promise<void>;
  close(): Promise<void>;
}

function tooMany(res: RateLimiterRes): AppError {
  return new AppError('TOO_MANY_REQUESTS', messages.tooManyRequests, {
    retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  });
}

/** Counters live in Redis when REDIS_URL is set (shared by all instances), else (or while Redis is unreachable) in process. */
export function createRateLimits(options: {
  redisUrl?: string | undefined;
  rules?: Partial<LimitRules>;
  /** Told once per outage that Redis is unreachable (ioredis keeps reconnecting meanwhile). */
  onRedisDown?: (error: Error) => void;
}): RateLimits {
  const rules: LimitRules = { ...defaultLimitRules, ...options.rules };
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { enableOfflineQueue: false, lazyConnect: false })
    : null;
  let redisDown = false;
  // Without an 'error' listener ioredis prints every failed reconnect to stderr, outside the logs.
  redis?.on('error', (error: Error) => {
    if (!redisDown) options.onRedisDown?.(error);
    redisDown = true;
  });
  redis?.on('ready', () => {
    redisDown = false;
  });
  const limiters = new Map<LimitName, RateLimiterAbstract>();
  for (const [name, rule] of Object.entries(rules) as [LimitName, LimitRule][]) {
    const opts = { keyPrefix: `rl:${name}`, points: rule.points, duration: rule.durationSeconds };
    // While Redis cannot be reached (at boot before it connects, or in an outage), each instance
    // counts on its own instead of answering every sign-in with a 500: the limits then hold per instance.
    limiters.set(
      name,
      redis
        ? new RateLimiterRedis({ ...opts, storeClient: redis, insuranceLimiter: new RateLimiterMemory(opts) })
        : new RateLimiterMemory(opts),
    );
  }
  const limiter = (name: LimitName) => limiters.get(name)!;
  const keyOf = (name: LimitName, key: string) => (name.endsWith('PerIp') ? subscriberNetwork(key) : key.toLowerCase());

  return {
    async consume(name, key) {
      try {
        return (await limiter(name).consume(keyOf(name, key))).consumedPoints;
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooMany(error);
        throw error;
      }
    },
    async giveBack(name, key) {
      // Only into a window that still counts it: a point given back after its window ended would start the next one
      // below zero, one guess more than the limit.
      const counted = await limiter(name).get(keyOf(name, key));
      if (counted && counted.consumedPoints > 0) await limiter(name).reward(keyOf(name, key), 1);
    },
    async check(name, key) {
      const res = await limiter(name).get(keyOf(name, key));
      if (res && res.remainingPoints <= 0 && res.consumedPoints >= rules[name].points) throw tooMany(res);
    },
    async reset(name, key) {
      await limiter(name).delete(keyOf(name, key));
    },
    async close() {
      redis?.disconnect();
    },
  };
}
