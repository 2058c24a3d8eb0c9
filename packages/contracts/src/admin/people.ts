import { z } from 'zod';
import { consentStatuses, dateOfBirthField, guardianRequestBody } from '../consent/schemas.ts';
import { levelStatusData } from '../levels/schemas.ts';
import { adminMessages, idField, pageQuery, personRef } from './common.ts';
import { adminPurchase } from './money.ts';

export const ROLES = ['admin', 'learner'] as const;
export type Role = (typeof ROLES)[number];
export const REFERRAL_STATUSES = ['counted', 'held', 'released', 'rejected'] as const;

/** GET /admin/users?q=: q matches the name, email, mobile or referral code. */
export const usersQuery = pageQuery.extend({ q: z.string().trim().max(191).optional() });

export const adminUserRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  referral_code: z.string(),
  roles: z.array(z.string()),
  is_verified: z.boolean(),
  /** Has a paid purchase (an active sub-user of their referrer). */
  is_active: z.boolean(),
  referral_status: z.enum(REFERRAL_STATUSES),
  created_at: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;

/**
 * A learner's date of birth and where their guardian's consent stands (decision 024), for the operator:
 * the guardian's contact in full, as the operator may have to reach them.
 */
export const adminConsent = z.object({
  date_of_birth: z.string().nullable(),
  age: z.number().nullable(),
  status: z.enum(consentStatuses),
  guardian: z
    .object({
      name: z.string(),
      email: z.string().nullable(),
      mobile: z.string().nullable(),
    })
    .nullable(),
  requested_at: z.string().nullable(),
  given_at: z.string().nullable(),
  withdrawn_at: z.string().nullable(),
  /** A pending request whose link is older than 7 days: the guardian can no longer answer it. */
  is_link_expired: z.boolean(),
  /** The guardian was named by the operator on a written request, not by the learner. */
  is_named_by_operator: z.boolean(),
});
export type AdminConsent = z.infer<typeof adminConsent>;

export const adminUserDetail = z.object({
  profile: z.object({
    id: z.number(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    mobile: z.string(),
    referral_code: z.string(),
    email_verified_at: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    syllabus: z.string().nullable(),
    standard: z.string().nullable(),
    signup_ip: z.string().nullable(),
    activated_at: z.string().nullable(),
    created_at: z.string(),
  }),
  roles: z.array(z.string()),
  referrer: personRef.extend({ referral_code: z.string() }).nullable(),
  referral_status: z.enum(REFERRAL_STATUSES),
  purchases: z.array(adminPurchase),
  /** The level ladder as the learner sees it; null when no levels are configured. */
  level: levelStatusData.nullable(),
  sub_users: z.object({ total: z.number(), active: z.number() }),
  /** `held`: credits not released yet (the refund window of the purchase that earned them is still open). */
  wallet: z.object({
    points: z.number(),
    balance: z.number(),
    held: z.object({ points: z.number(), balance: z.number() }),
  }),
  consent: adminConsent,
  /** Set once an operator deleted the learner's personal data (decision 066); null otherwise. */
  erasure: z
    .object({
      erased_at: z.string(),
      erased_by: personRef.nullable(),
    })
    .nullable(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

/** PUT /admin/users/{id}/date-of-birth: the operator's correction on a written request (decision 024). */
export const adminDateOfBirthBody = z.object({ date_of_birth: dateOfBirthField });
export type AdminDateOfBirthBody = z.input<typeof adminDateOfBirthBody>;
export type AdminDateOfBirthInput = z.output<typeof adminDateOfBirthBody>;

/**
 * POST /admin/users/{id}/guardian: the operator names another guardian on a written request (decision
 * 024); the learner's own request's fields, worded for the operator. By mobile the answer carries the
 * link to pass on.
 */
export const adminGuardianBody = guardianRequestBody({
  nameRequired: adminMessages.guardianNameRequired,
  contactRequired: adminMessages.guardianContactRequired,
});
export type AdminGuardianBody = z.input<typeof adminGuardianBody>;
export type AdminGuardianInput = z.output<typeof adminGuardianBody>;

export const adminGuardianNamed = adminUserDetail.extend({
  link: z.string().nullable(),
  whatsapp_url: z.string().nullable(),
});
export type AdminGuardianNamed = z.infer<typeof adminGuardianNamed>;

/**
 * POST /admin/users/{id}/erase (decision 066): the request it answers (the email or ticket it came from) and the
 * learner's email typed again, compared by the server.
 */
export const adminEraseBody = z.object({
  reference: z
    .string({ error: adminMessages.eraseReferenceRequired })
    .trim()
    .min(1, { error: adminMessages.eraseReferenceRequired, abort: true })
    .max(500, 'At most 500 characters.'),
  confirm_email: z.string({ error: adminMessages.eraseConfirmWrong }).trim().max(191, adminMessages.eraseConfirmWrong),
});
export type AdminEraseBody = z.input<typeof adminEraseBody>;

/** PUT /admin/users/{id}/roles */
export const rolesBody = z.object({
  roles: z
    .array(z.enum(ROLES, { error: adminMessages.rolesInvalid }), { error: adminMessages.rolesInvalid })
    .min(1, adminMessages.rolesInvalid)
    .max(ROLES.length, adminMessages.rolesInvalid)
    .transform((roles) => [...new Set(roles)]),
});

export const heldReferral = z.object({
  user: personRef.extend({ referral_code: z.string() }),
  referrer: personRef.extend({ referral_code: z.string() }).nullable(),
  signup_ip: z.string().nullable(),
  /** Sign-ups with the same referrer from the same address in the 7 days before this one. */
  signups_from_ip: z.number(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type HeldReferral = z.infer<typeof heldReferral>;

/** POST /admin/referrals/{userId}/release | reject */
export const referralDecisionData = z.object({
  user_id: z.number(),
  referral_status: z.enum(REFERRAL_STATUSES),
  /** Release of an already active sub-user: they were counted for the referrer's current level now. */
  counted_now: z.boolean(),
  /** The level the referrer achieved through this release, if any. */
  level_achieved: z.string().nullable(),
});
export type ReferralDecisionData = z.infer<typeof referralDecisionData>;

/**
 * GET /admin/users/{id}/quizzes: each chapter quiz the learner has started, with their attempts (decision 062).
 * `max_attempts` is quiz_max_attempts plus `granted_attempts`, the learner's own limit at this quiz.
 */
export const adminLearnerQuiz = z.object({
  subject_id: z.number(),
  subject_name: z.string(),
  course_id: z.number(),
  course_name: z.string(),
  attempts_used: z.number(),
  max_attempts: z.number(),
  granted_attempts: z.number(),
  best_mark_in_percentage: z.number().nullable(),
  pass_mark_percent: z.number(),
  passed: z.boolean(),
  /** Every attempt used and submitted, none passed: the operator may give one more. */
  can_grant: z.boolean(),
});
export type AdminLearnerQuiz = z.infer<typeof adminLearnerQuiz>;

/** POST /admin/users/{id}/quizzes/{subjectId}/another-attempt */
export const learnerQuizParams = z.object({ id: idField, subjectId: idField });
