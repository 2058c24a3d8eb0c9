import { z } from 'zod';
import {
  adminMessages,
  booleanField,
  dateTimeField,
  intField,
  optionalIdField,
  pageQuery,
  rupeesField,
} from './common.ts';

/**
 * An offer code's rules (docs/product/catalogue-and-checkout.md#offer-codes). `discount` is rupees when is_fixed_amount,
 * else a percentage (two decimals at most, up to 100); minimum_amount is rupees; the validity
 * window is [valid_from, valid_until); max_uses / max_uses_per_user null mean unlimited; batch_id
 * makes it a batch's own code (only for that batch's fee).
 */
export const offerCodeFields = z.object({
  code: z
    .string({ error: adminMessages.codeInvalid })
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,50}$/, adminMessages.codeInvalid)
    .transform((v) => v.toUpperCase()),
  is_fixed_amount: booleanField('is_fixed_amount'),
  discount: rupeesField('Discount is required.', 'Enter a valid discount (at most two decimals).'),
  minimum_amount: rupeesField('Minimum amount is required.'),
  valid_from: dateTimeField,
  valid_until: dateTimeField,
  max_uses: z.preprocess((v) => (v === '' ? null : v), intField('max_uses', 1).nullable()),
  max_uses_per_user: z.preprocess((v) => (v === '' ? null : v), intField('max_uses_per_user', 1).nullable()),
  batch_id: optionalIdField,
  is_active: booleanField('is_active'),
});

/**
 * The shortest code that makes a course free or belongs to one batch (a school's). Such a code is worth guessing, and
 * guesses are only slowed (decision 064), so it must not be a word (decision 076). adminMessages.codeTooGuessable names it.
 */
export const GUESS_WORTHY_CODE_MIN_LENGTH = 10;

/** A code worth guessing: 100% off any course, or a batch's own code. */
export function isGuessWorthyCode(v: { is_fixed_amount: boolean; discount: number; batch_id: number | null }): boolean {
  return (!v.is_fixed_amount && v.discount >= 100) || v.batch_id !== null;
}

/** The rules that tie fields together, checked on create and on the merged result of an update. */
export function offerCodeRuleErrors(v: {
  is_fixed_amount: boolean;
  discount: number;
  valid_from: Date | null;
  valid_until: Date | null;
}): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (!v.is_fixed_amount && v.discount > 100)
    problems.push({ path: 'discount', message: adminMessages.percentAbove100 });
  if (v.valid_from && v.valid_until && v.valid_until <= v.valid_from) {
    problems.push({ path: 'valid_until', message: adminMessages.validUntilBeforeFrom });
  }
  return problems;
}

export const offerCodeBody = offerCodeFields.superRefine((v, ctx) => {
  for (const problem of offerCodeRuleErrors(v))
    ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
});
export type OfferCodeInput = z.output<typeof offerCodeBody>;

/** POST /admin/offer-codes: code, is_fixed_amount and discount required; the rest default to no limit, active. */
export const offerCodeCreateBody = offerCodeFields
  .partial()
  .required({ code: true, is_fixed_amount: true, discount: true });
export type OfferCodeCreateBody = z.input<typeof offerCodeCreateBody>;
/** PUT /admin/offer-codes/{id}: any of the fields. */
export const offerCodeUpdateBody = offerCodeFields.partial();

export const offerCodesQuery = pageQuery.extend({
  q: z.string().trim().max(50).optional(),
  is_active: booleanField('is_active').optional(),
});

export const adminOfferCode = z.object({
  id: z.number(),
  code: z.string(),
  is_fixed_amount: z.boolean(),
  /** Rupees when fixed, a percentage when not. */
  discount: z.number(),
  minimum_amount: z.number(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  max_uses: z.number().nullable(),
  max_uses_per_user: z.number().nullable(),
  batch_id: z.number().nullable(),
  is_active: z.boolean(),
  /** Paid purchases made with the code. */
  uses: z.number(),
  created_at: z.string(),
});
export type AdminOfferCode = z.infer<typeof adminOfferCode>;
