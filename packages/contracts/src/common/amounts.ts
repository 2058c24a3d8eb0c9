import { z } from 'zod';

/**
 * How money and points arrive (docs/product/wallet-and-withdrawals.md#amounts): rupees are a JSON number or a plain
 * decimal string with at most two decimals ("100", "100.5", "100.50"); points are a JSON integer
 * or a plain digit string. Nothing else is read as a number: not hex ("0x64"), exponents ("1e2"),
 * "NaN", "Infinity", signs, "100.", ".5", nor more than two decimals. Surrounding whitespace is
 * dropped (form inputs), and '' (or only whitespace) means the field is missing.
 *
 * `Number()` is deliberately never given the text before it has passed the pattern: it reads
 * "0x0a" as 10, "1e2" as 100 and " " as 0.
 */
const PLAIN_RUPEES = /^\d+(\.\d{1,2})?$/;
const PLAIN_WHOLE = /^\d+$/;

function readText(value: string, pattern: RegExp): number | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  return pattern.test(text) ? Number(text) : Number.NaN;
}

/**
 * Rupees from a request or a form field, before the bounds are checked: a number, `undefined`
 * (missing), `null` as given, or NaN for anything that is not a plain amount. Negative numbers are
 * NaN too. A JSON number counts as plain when its shortest decimal text (what JSON.stringify
 * writes) is, so 100.5 passes and 100.005, 0.1 + 0.2 and 1e21 do not.
 */
export function readRupees(value: unknown): unknown {
  if (typeof value === 'string') return readText(value, PLAIN_RUPEES);
  if (typeof value === 'number') return Number.isFinite(value) && PLAIN_RUPEES.test(String(value)) ? value : Number.NaN;
  return value;
}

/**
 * A whole number from a request or a form field, before the bounds are checked: a JSON integer as
 * it is (negative ones too, for the bounds to refuse with their message), a plain digit string as
 * its number, `undefined` when missing, NaN for anything else.
 */
export function readWholeNumber(value: unknown): unknown {
  if (typeof value === 'string') return readText(value, PLAIN_WHOLE);
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : Number.NaN;
  return value;
}

const numberWithMessages = (required: string, invalid: string) =>
  z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : invalid) });

export interface RupeesBounds {
  /** The smallest amount allowed (default 0). */
  min?: number;
  /** When true, `min` itself is refused (withdraw: more than 0). */
  isMinExcluded?: boolean;
  /** The largest amount allowed (default 1 crore). */
  max?: number;
}

/** Largest rupee figure any form takes: 1 crore. */
export const RUPEES_MAX = 10_000_000;

/**
 * The one schema for an amount of rupees (wallet withdraw, every admin price, fee, discount and
 * rate): `required` when missing, `invalid` for anything not a plain amount or out of bounds.
 * The output is the number of rupees.
 */
export const rupeesInput = (required: string, invalid: string, bounds: RupeesBounds = {}) => {
  const { min = 0, isMinExcluded = false, max = RUPEES_MAX } = bounds;
  const base = numberWithMessages(required, invalid).max(max, invalid);
  return z.preprocess(readRupees, isMinExcluded ? base.gt(min, invalid) : base.min(min, invalid));
};

/**
 * The one schema for a whole number of points or a count (redeem points, admin counts and
 * points): `required` when missing, `invalid` for anything not a plain whole number or outside
 * [min, max].
 */
export const wholeNumberInput = (required: string, invalid: string, bounds: { min: number; max: number }) =>
  z.preprocess(
    readWholeNumber,
    numberWithMessages(required, invalid).int(invalid).min(bounds.min, invalid).max(bounds.max, invalid),
  );
