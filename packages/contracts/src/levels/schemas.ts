import { z } from 'zod';

/** GET /level-status: the learner's current level and its window (docs/product/referrals-and-levels.md#level-card). */
export const levelStatusData = z.object({
  level_number: z.number(),
  level_name: z.string(),
  /** First day of the current window, YYYY-MM-DD. */
  level_start: z.string(),
  /** Last day of the current window, YYYY-MM-DD. */
  level_end: z.string(),
  level_days: z.number(),
  /** Calendar days left in the window, today included. */
  difference: z.number(),
  /** Sub-users required. */
  node: z.number(),
  completed_node: z.number(),
  /** Names of the sub-users counted in this window, in the order they became active. */
  completed_users: z.array(z.string()),
  /** completed_node / node × 100, two decimals. */
  progress_percent: z.number(),
  /** True once the last level is achieved; the fields then describe that last level. */
  is_completed: z.boolean(),
});
export type LevelStatusData = z.infer<typeof levelStatusData>;
