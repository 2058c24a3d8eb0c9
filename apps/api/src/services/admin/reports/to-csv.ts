import { stringify } from 'csv-stringify/sync';
import { dayNumber, isoDay } from '@app/contracts';

/** A cell of a register: text as it is, a number as an amount in paise (written in rupees), null as empty. */
export type Cell = string | number | null;

/** -12345 paise as '-123.45': exact, from the integer, never through a float's rounding. */
function rupees(paise: number): string {
  const whole = Math.abs(paise);
  return `${paise < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/**
 * A register as CSV for a spreadsheet: a byte-order mark so that Excel reads the UTF-8 (names in Devanagari or
 * Malayalam), CRLF lines, and text that starts like a formula (=, +, -, @; a learner chooses their own name) written
 * with a leading ' so that opening the file runs nothing. Amounts are numbers, so a credit note's -1,000.00 stays
 * a number the spreadsheet can add up.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return stringify([header, ...rows], {
    bom: true,
    record_delimiter: 'windows',
    escape_formulas: true,
    cast: { number: rupees },
  });
}

/** An instant as the India calendar day it fell on, YYYY-MM-DD. */
export function indiaDay(at: Date): string {
  return isoDay(dayNumber(at));
}
