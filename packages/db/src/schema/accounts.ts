import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { countries, genders, maritalStatuses, standards, syllabuses } from './onboarding.ts';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    /** Email with case, Gmail dots and +tags folded: used to spot self-referrals. */
    emailCanonical: text('email_canonical').notNull(),
    mobile: text('mobile').notNull(),
    passwordHash: text('password_hash').notNull(),
    referralCode: text('referral_code').notNull().unique(),
    referrerId: integer('referrer_id').references((): AnyPgColumn => users.id),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{learner}'::text[]`),
    dateOfBirth: date('date_of_birth'),
    genderId: smallint('gender_id').references(() => genders.id),
    maritalStatusId: smallint('marital_status_id').references(() => maritalStatuses.id),
    countryId: integer('country_id').references(() => countries.id),
    city: text('city'),
    state: text('state'),
    address: text('address'),
    landmark: text('landmark'),
    pin: text('pin'),
    occupation: text('occupation'),
    qualification: text('qualification'),
    about: text('about'),
    profilePhotoPath: text('profile_photo_path'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    syllabusId: integer('syllabus_id').references(() => syllabuses.id),
    standardId: integer('standard_id').references(() => standards.id),
    isStandardPicked: boolean('is_standard_picked').notNull().default(false),
    /** The learner's language for the app and the mails: en | hi | ml. */
    language: text('language').notNull().default('en'),
    /** Wallet cache of the ledger; the CHECKs make the database refuse a negative wallet. */
    points: integer('points').notNull().default(0),
    balancePaise: bigint('balance_paise', { mode: 'number' }).notNull().default(0),
    /** Set by the first paid purchase: the user becomes an active sub-user of their referrer. */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /**
     * The level of their referrer's ladder this sub-user counts for (decision 070): the level the ladder was working on
     * when their activation was counted. Null when not counted (not active, held, rejected, or the ladder finished).
     * A sub-user counts for one level; a refund that stops them counting clears it.
     */
    countedLevel: integer('counted_level'),
    /**
     * Direct sub-users (referrer_id = this user), and how many of them are active. Kept by triggers
     * on users (migration 0005), so GET /tree's totals and counts are read, not counted.
     */
    subUsersCount: integer('sub_users_count').notNull().default(0),
    activeSubUsersCount: integer('active_sub_users_count').notNull().default(0),
    signupIp: text('signup_ip'),
    /** counted | held | released | rejected: fraud review of the referral sign-up. */
    referralStatus: text('referral_status').notNull().default('counted'),
    /** Why the sign-up is not counted (e.g. 'same mobile as the referrer'), shown to the referrer. */
    referralStatusReason: text('referral_status_reason'),
    /**
     * When an operator erased the learner's personal data on their (or their parent's) request (decision 066): the
     * row stays, with its id, referral code and wallet sums, so the books and the referral tree hold; the name reads
     * 'Deleted learner' and the email is erased-<id>-<random>@erased.invalid (migration 0038 then refuses
     * any change to its personal columns).
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** The operator who erased it. */
    erasedBy: integer('erased_by').references((): AnyPgColumn => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_email_canonical_idx').on(t.emailCanonical),
    // GET /tree: a page of direct sub-users newest first, their count by status, and each one's own
    // sub-user count, all from this index alone (index-only scans: no row is read to skip or count).
    index('users_referrer_idx').on(t.referrerId, t.createdAt, t.id, t.activatedAt),
    // Levels: direct sub-users who became active inside a window.
    index('users_referrer_activated_idx')
      .on(t.referrerId, t.activatedAt)
      .where(sql`${t.activatedAt} IS NOT NULL`),
    // GET /tree's totals and pages less the sub-users not eligible (self-referrals): few, found from here alone.
    index('users_referrer_rejected_idx')
      .on(t.referrerId, t.createdAt, t.id, t.activatedAt)
      .where(sql`${t.referralStatus} = 'rejected'`),
    index('users_mobile_idx').on(t.mobile),
    check('users_erased', sql`(${t.erasedAt} IS NULL) = (${t.erasedBy} IS NULL)`),
    check('users_language', sql`${t.language} IN ('en','hi','ml')`),
    check('users_points_non_negative', sql`${t.points} >= 0`),
    check('users_balance_non_negative', sql`${t.balancePaise} >= 0`),
    check('users_not_own_referrer', sql`${t.referrerId} IS NULL OR ${t.referrerId} <> ${t.id}`),
    check('users_referral_status', sql`${t.referralStatus} IN ('counted','held','released','rejected')`),
    check(
      'users_sub_users_counts',
      sql`0 <= ${t.activeSubUsersCount} AND ${t.activeSubUsersCount} <= ${t.subUsersCount}`,
    ),
  ],
);

export const accessTokens = pgTable(
  'access_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the opaque token, hex. The token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId)],
);

export const emailOtps = pgTable(
  'email_otps',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** verify_email | reset_password */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    /**
     * The address the code was mailed to, lower-cased, read under the lock that issued it: the code proves that
     * mailbox and no other, so it verifies or resets the account only while the account still has this address
     * (decision 073). '' on the codes issued before migration 0042: no address, never redeemable.
     */
    sentTo: text('sent_to').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_otps_user_purpose_idx').on(t.userId, t.purpose, t.createdAt),
    check('email_otps_purpose', sql`${t.purpose} IN ('verify_email','reset_password')`),
  ],
);

/**
 * What an erasure (decision 066) still has to do outside its transaction: delete the photo's file, ask the provider
 * about the checkouts it closed, rewrite the stored balance snapshots. Written in the erasure's transaction and
 * deleted once every step has succeeded, so that a crash or a failed step after the commit is picked up again by the
 * 'erasure-follow-up' job. Holds no personal data: a storage key, the placeholder address, order ids.
 */
export const erasureFollowUps = pgTable('erasure_follow_ups', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  /** The profile photo's file in storage, or null. */
  photoKey: text('photo_key'),
  /** The address the erased row now holds, written into the snapshots in place of the old one. */
  placeholderEmail: text('placeholder_email').notNull(),
  /** The checkouts the erasure failed, to ask the provider about. */
  closedOrders: jsonb('closed_orders').$type<{ purchaseId: number; orderId: string }[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Runs that did not finish, and what stopped the last one (for the operator's log). */
  failedRuns: integer('failed_runs').notNull().default(0),
  lastError: text('last_error'),
});
