import { z } from 'zod';
import { adminMessages, intField, namedText, rupeesField } from './common.ts';

const percentField = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v),
    z
      .number({ error: `${label} must be a number from 0 to 100.` })
      .min(0, `${label} must be a number from 0 to 100.`)
      .max(100, `${label} must be a number from 0 to 100.`)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label} may have at most two decimals.`),
  );

/** The business rates (docs/product/admin-console.md#levels-and-rates); money in rupees. */
export const adminSettings = z.object({
  commission_percent: z.number(),
  /** Rupees credited per point redeemed. */
  convert_value: z.number(),
  pass_mark_percent: z.number(),
  /** Rupees. */
  minimum_withdrawal: z.number(),
  referral_hold_signups_per_ip_week: z.number(),
  /** Rupees: a sub-user becomes active and counts for a level with a purchase paid at least this (0: above zero). */
  level_min_purchase: z.number(),
  /** Whole days a commission or level reward stays Pending after the purchase that earned it. */
  refund_window_days: z.number(),
  /** Whole minutes a pending checkout holds one use of a limited offer code. */
  offer_reservation_minutes: z.number(),
  /** Whole hours after a quiz submission before a retake may start. */
  quiz_retake_cooldown_hours: z.number(),
  /** Attempts a learner may make at one subject's quiz, the first included. */
  quiz_max_attempts: z.number(),
});
export type AdminSettings = z.infer<typeof adminSettings>;

/** PUT /admin/settings: any of the rates; each applies from the next request on. */
export const settingsBody = z
  .object({
    commission_percent: percentField('commission_percent'),
    convert_value: rupeesField(
      'convert_value is required.',
      'convert_value must be an amount in rupees from 0.01 (at most two decimals).',
    ).refine((v) => v >= 0.01, 'convert_value must be an amount in rupees from 0.01 (at most two decimals).'),
    pass_mark_percent: percentField('pass_mark_percent'),
    minimum_withdrawal: rupeesField(
      'minimum_withdrawal is required.',
      'minimum_withdrawal must be an amount in rupees from 1 (at most two decimals).',
    ).refine((v) => v >= 1, 'minimum_withdrawal must be an amount in rupees from 1 (at most two decimals).'),
    referral_hold_signups_per_ip_week: intField('referral_hold_signups_per_ip_week', 1, 10_000),
    /** 0: any purchase paid above zero activates, as the spec says. */
    level_min_purchase: rupeesField(
      'level_min_purchase is required.',
      'level_min_purchase must be an amount in rupees from 0 (at most two decimals).',
    ),
    /** 0 holds nothing: commissions and level rewards are Done at once. */
    refund_window_days: intField('refund_window_days', 0, 60),
    offer_reservation_minutes: intField('offer_reservation_minutes', 5, 1_440),
    /** 0 lets a learner retake at once (up to the maximum). */
    quiz_retake_cooldown_hours: intField('quiz_retake_cooldown_hours', 0, 720),
    quiz_max_attempts: intField('quiz_max_attempts', 1, 20),
  })
  .partial();
export type SettingsBody = z.input<typeof settingsBody>;

export const adminLevel = z.object({
  number: z.number(),
  name: z.string(),
  days: z.number(),
  /** Sub-users required. */
  node: z.number(),
  reward_points: z.number(),
  /** Rupees. */
  reward_amount: z.number(),
});
export type AdminLevel = z.infer<typeof adminLevel>;

export const levelInput = z.object({
  number: intField('number', 1, 1_000),
  name: namedText(adminMessages.nameRequired, 100),
  days: intField('days', 1, 3_650),
  node: intField('node', 1, 1_000_000),
  reward_points: intField('reward_points', 0, 10_000_000),
  reward_amount: rupeesField('reward_amount is required.'),
});

/** PUT /admin/levels: the whole ladder; levels left out are removed (users on them move to the next one up). */
export const levelsBody = z.object({
  levels: z
    .array(levelInput, { error: adminMessages.levelsInvalid })
    .min(1, adminMessages.levelsInvalid)
    .max(50)
    .refine((levels) => new Set(levels.map((l) => l.number)).size === levels.length, adminMessages.levelNumbersUnique),
});
export type LevelsBody = z.input<typeof levelsBody>;
