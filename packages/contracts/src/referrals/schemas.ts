import { z } from 'zod';

const pageNumber = z.coerce
  .number({ error: 'The page must be a whole number of at least 1.' })
  .int('The page must be a whole number of at least 1.')
  .min(1, 'The page must be a whole number of at least 1.')
  .max(1_000_000, 'The page is too large.');

/** GET /tree?page=&per_page=&status= */
export const treeQuery = z.object({
  page: pageNumber.default(1),
  per_page: z.coerce
    .number({ error: 'per_page must be a whole number from 1 to 100.' })
    .int('per_page must be a whole number from 1 to 100.')
    .min(1, 'per_page must be a whole number from 1 to 100.')
    .max(100, 'per_page must be a whole number from 1 to 100.')
    .default(10),
  /** Only pending (not yet bought anything) or only active sub-users; both when absent. */
  status: z.enum(['pending', 'active'], { error: "status must be 'pending' or 'active'." }).optional(),
});
export type TreeQuery = z.input<typeof treeQuery>;

/** One direct sub-user (server-rules "/tree"). */
export const subUser = z.object({
  id: z.number(),
  name: z.string(),
  referral_code: z.string(),
  /** active once their first purchase is paid. */
  status: z.enum(['pending', 'active']),
  /** Registration time, ISO 8601. */
  joined: z.string(),
  /** Their own direct sub-users. */
  sub_users_count: z.number(),
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
