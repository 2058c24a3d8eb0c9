import { stringify } from 'csv-stringify/sync';
import { dayNumber, isoDay } from '@app/contracts';

/** A code a spreadsheet must show as written (a bank reference, a referral code): see `code`. */
interface CodeCell {
  code: string;
}

/**
 * A cell of a register: text as it is, a number as an amount in paise (written in rupees), null as empty, a code
 * (`code(…)`) as text.
 */
export type Cell = string | number | null | CodeCell;

/**
 * A code, not a quantity: a bank reference (an IMPS RRN is 12 digits), a referral code ('23456789' and '2E345678'
 * can be drawn). Excel and LibreOffice read such a cell as a number: leading zeros lost, twelve digits shown as
 * 4.12346E+11, more than fifteen digits rounded, '12/05' made a date (decision 049).
 */
export function code(text: string | null): CodeCell | null {
  return text === null ? null : { code: text };
}

/** What a spreadsheet takes for a number or a date: a digit first, then only digits and . , / : % E + - and spaces. */
const LOOKS_NUMERIC = /^\d[\d.,/:%E+\- ]*$/i;

/**
 * A code that looks like a number is written as the formula ="…", whose value is the text itself: the only way a
 * CSV tells Excel that a cell is text (a leading ' is shown as written). It is a formula, so the formula escaping
 * is turned off for that cell alone, and only for text made of the characters above: no quote can end the string
 * and nothing else can run. Any other code is ordinary text, escaped as every text is.
 */
function castCode(text: string): string | { value: string; escape_formulas: false } {
  return LOOKS_NUMERIC.test(text) ? { value: `="${text}"`, escape_formulas: false } : text;
}

/** -12345 paise as '-123.45': exact, from the integer, never through a float's rounding. */
function rupees(paise: number): string {
  const whole = Math.abs(paise);
  return `${paise < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/**
 * A register as CSV for a spreadsheet: a byte-order mark so that Excel reads the UTF-8 (names in Devanagari or
 * Malayalam), CRLF lines, and text that starts like a formula (=, +, -, @; a learner chooses their own name) written
 * with a leading ' so that opening the file runs nothing. Amounts are numbers, so a credit note's -1,000.00 stays
 * a number the spreadsheet can add up; codes stay text (`code`).
 */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return stringify([header, ...rows], {
    bom: true,
    record_delimiter: 'windows',
    escape_formulas: true,
    // The only objects among the cells are codes.
    cast: { number: rupees, object: (value) => castCode(String(value.code)) },
  });
}

/** An instant as the India calendar day it fell on, YYYY-MM-DD. */
export function indiaDay(at: Date): string {
  return isoDay(dayNumber(at));
}
