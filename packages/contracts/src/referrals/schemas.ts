import { z } from 'zod';
import { pageNumberField, perPageField } from '../common/rules.ts';
import { referralMessages } from './messages.ts';

/**
 * A direct sub-user as their referrer sees them: 'pending' until their first paid purchase, then
 * 'active'; 'ineligible' ("Not eligible") whatever they bought when their sign-up was rejected (the
 * same mobile, email, bank account or PAN as the referrer, or an operator's review), as they earn
 * the referrer nothing and never count for a level.
 */
export const SUB_USER_STATUSES = ['pending', 'active', 'ineligible'] as const;
export type SubUserStatus = (typeof SUB_USER_STATUSES)[number];

/** GET /tree?page=&per_page=&status= */
export const treeQuery = z.object({
  page: pageNumberField.default(1),
  per_page: perPageField.default(10),
  /**
   * Only pending (not yet bought anything), only active, or only ineligible sub-users (they earn
   * the user nothing: a self-referral, or rejected in review); all of them when absent.
   */
  status: z.enum(SUB_USER_STATUSES, { error: referralMessages.statusInvalid }).optional(),
});
export type TreeQuery = z.input<typeof treeQuery>;

/** One direct sub-user (docs/product/referrals-and-levels.md#sub-users). */
export const subUser = z.object({
  id: z.number(),
  name: z.string(),
  referral_code: z.string(),
  /** Masked like the referrer's on the register page (`ra****@gmail.com`): the Users page's Pending table shows it. */
  email: z.string(),
  /** See SUB_USER_STATUSES. */
  status: z.enum(SUB_USER_STATUSES),
  /** Why an ineligible sub-user earns nothing, as a sentence (ineligibleReasonSentence); null otherwise. */
  reason: z.string().nullable(),
  /** Registration time, ISO 8601. */
  joined: z.string(),
  /** Their own direct sub-users. */
  sub_users_count: z.number(),
  /**
   * Their personal data was deleted on request (decision 066): `name` is 'Deleted learner' (the screen shows its
   * own translation) and `email` is empty.
   */
  is_erased: z.boolean(),
});
export type SubUser = z.infer<typeof subUser>;

/** GET /tree: a page of direct sub-users, newest first. */
export const subUserPage = z.object({
  data: z.array(subUser),
  current_page: z.number(),
  per_page: z.number(),
  total: z.number(),
  last_page: z.number(),
});
export type SubUserPage = z.infer<typeof subUserPage>;

/** GET /recent/tree: the 10 most recent direct sub-users. */
export const recentSubUsers = z.array(subUser);

/** Pages needed for `total` rows, at least 1 so an empty list still has page 1. */
export function lastPage(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}
