/**
 * GST on a course or batch fee: the pure rules of a tax invoice (the split of a GST-inclusive price,
 * the Indian financial year, document numbers, the GSTIN's form). Amounts in paise.
 */
import { IST_OFFSET_MS } from '../levels/level-window.ts';
import { findIndianState, indianStateByCode } from '../common/indian-states.ts';
import { stateCodeOfPin } from '../common/indian-pin-codes.ts';

export interface GstSplit {
  /** The taxable value: the price without GST. */
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** taxable + CGST + SGST + IGST: always the amount paid, to the paisa. */
  totalPaise: number;
}

/**
 * Splits a GST-inclusive amount so that the parts always add up to what was paid. Between states the tax is all
 * IGST: taxable = round(total × 10000 / (10000 + rate)), IGST = total − taxable. Within the seller's state CGST and
 * SGST are charged at the same half rate on the same taxable value, so they are the same amount (GSTR-1 and GSTR-3B
 * take State tax equal to Central tax): each half = round(total × rate / (2 × (10000 + rate))), taxable = total − both
 * halves; each half is then within a paisa of its rate on the taxable value. Integer arithmetic only (rates in basis
 * points: 1800 = 18%).
 */
export function splitGst(options: { totalPaise: number; rateBasisPoints: number; intraState: boolean }): GstSplit {
  const { totalPaise, rateBasisPoints, intraState } = options;
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0)
    throw new RangeError(`totalPaise must be a whole number of paise ≥ 0, got ${totalPaise}`);
  if (!Number.isInteger(rateBasisPoints) || rateBasisPoints < 0 || rateBasisPoints > 10_000) {
    throw new RangeError(`rateBasisPoints must be 0..10000, got ${rateBasisPoints}`);
  }
  // Math.round on an exact quotient of integers: total * 10000 stays far below 2^53 for any real price.
  if (intraState) {
    const halfPaise = Math.round((totalPaise * rateBasisPoints) / (2 * (10_000 + rateBasisPoints)));
    const taxablePaise = totalPaise - 2 * halfPaise;
    return { taxablePaise, cgstPaise: halfPaise, sgstPaise: halfPaise, igstPaise: 0, totalPaise };
  }
  const taxablePaise = Math.round((totalPaise * 10_000) / (10_000 + rateBasisPoints));
  return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: totalPaise - taxablePaise, totalPaise };
}

/** '18%', '9%', '2.5%' from basis points. */
export function formatGstRate(rateBasisPoints: number): string {
  return `${Number((rateBasisPoints / 100).toFixed(2))}%`;
}

/**
 * The Indian financial year (1 April to 31 March) an instant falls in, by India time: '2026-27'.
 * 31 March 2027 23:59 IST (18:29 UTC) is still 2026-27; 1 April 00:00 IST (31 March 18:30 UTC) is 2027-28.
 */
export function financialYearOf(at: Date): string {
  const india = new Date(at.getTime() + IST_OFFSET_MS);
  const year = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

/**
 * The last day on which a credit note can still reduce the output tax of a supply (CGST Act, s.34(2), as amended
 * from 1 October 2022): 30 November following the end of the supply's financial year, India time, as YYYY-MM-DD.
 * The law also ends it at the annual return's filing if that is earlier; the product knows no such date (decision 063).
 */
export function lastDayToReduceGst(supplyAt: Date): string {
  return `${Number(financialYearOf(supplyAt).slice(0, 4)) + 1}-11-30`;
}

/**
 * Whether a credit note issued at `creditNoteAt` for a supply invoiced at `supplyAt` reduces the output tax: issued
 * on or before lastDayToReduceGst (by India time). One issued later is still a credit note (the refund is real) but
 * adjusts no GST; the GST register shows it with no taxable value and no tax.
 */
export function creditNoteReducesGst(supplyAt: Date, creditNoteAt: Date): boolean {
  const india = new Date(creditNoteAt.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
  return india <= lastDayToReduceGst(supplyAt);
}

/** India's ISO 3166-1 code, as the countries table keeps it. */
export const INDIA_ISO_CODE = 'IN';

/** GST's code for a place of supply outside India (the GST portal's 96, "Foreign Country"). */
export const OUTSIDE_INDIA_CODE = '96';

/** A place of supply: a state (or 'Outside India') and its GST code. Printed 'Kerala (32)'. */
export interface PlaceOfSupply {
  name: string;
  code: string;
}

/**
 * The place of supply of a course sold to an unregistered buyer, from the profile (decisions 023, 049 and 063): a
 * buyer whose country is on record and is not India is outside India (an inter-state supply, IGST Act s.7(5)(a),
 * whatever the free-text state says); otherwise the state they typed, matched against India's names and their
 * two-letter abbreviations; when that names no state but the address has an Indian PIN, the state its leading digits
 * belong to without doubt (the recipient's location on record, IGST Act s.12(2)(b)); only with neither, the seller's
 * state (the supplier's location, the rule when the buyer's address is not on record).
 */
export function placeOfSupplyOf(options: {
  buyerState: string | null;
  buyerPin: string | null;
  buyerCountryIsoCode: string | null;
  sellerState: PlaceOfSupply;
}): PlaceOfSupply {
  const { buyerCountryIsoCode: country } = options;
  if (country && country.toUpperCase() !== INDIA_ISO_CODE) return { name: 'Outside India', code: OUTSIDE_INDIA_CODE };
  const pinCode = stateCodeOfPin(options.buyerPin);
  const state = findIndianState(options.buyerState) ?? (pinCode ? indianStateByCode(pinCode) : null);
  return state ? { name: state.name, code: state.code } : options.sellerState;
}

/** The text an invoice keeps for a place of supply: 'Kerala (32)'. */
export function formatPlaceOfSupply(place: PlaceOfSupply): string {
  return `${place.name} (${place.code})`;
}

/** The GST code of a stored place of supply ('Kerala (32)' → '32'). */
export function placeOfSupplyCode(placeOfSupply: string): string {
  return placeOfSupply.slice(-3, -1);
}

/**
 * The GST code a tax document prints beside the buyer's state ('MH' → '27'): '' when none is printed, for a state not
 * recognised or a buyer outside India (a place of supply coded 96). Worked out when the document is issued, and kept.
 */
export function buyerStateCodeOf(buyerState: string | null, placeCode: string): string {
  if (placeCode === OUTSIDE_INDIA_CODE) return '';
  return findIndianState(buyerState)?.code ?? '';
}

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

const PREFIX: Record<InvoiceKind, string> = { invoice: 'INV', credit_note: 'CN' };

/**
 * The printed number: INV/26-27/000001, CN/26-27/000001. GST rules allow a serial number of 16 characters at
 * most (letters, digits, '-' and '/'), which this keeps to up to 999,999 documents of a kind a year; a seventh
 * digit drops the year's dash (INV/2627/1000000) so the number still fits.
 */
export function documentNumber(kind: InvoiceKind, financialYear: string, sequence: number): string {
  const year = financialYear.slice(2);
  const serial = String(sequence).padStart(6, '0');
  const number = `${PREFIX[kind]}/${year}/${serial}`;
  return number.length <= MAX_DOCUMENT_NUMBER_LENGTH ? number : `${PREFIX[kind]}/${year.replace('-', '')}/${serial}`;
}

/** GST's limit on an invoice's or credit note's serial number. */
export const MAX_DOCUMENT_NUMBER_LENGTH = 16;

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The check character of a GSTIN's first 14 characters (the GSTN's mod-36 scheme). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

/** state code (2 digits), PAN (5 letters, 4 digits, 1 letter), entity number, 'Z', check character. */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** Why a GSTIN is refused (null when it is well formed): the pattern, the state code, the check character. */
export function gstinProblem(gstin: string, stateCode: string): string | null {
  if (!GSTIN_PATTERN.test(gstin))
    return 'must be a 15-character GSTIN (e.g. 32ABCDE1234F1Z5): state code, PAN, entity number, Z, check character';
  if (gstin.slice(0, 2) !== stateCode) return `must begin with the seller's state code ${stateCode}`;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14])
    return 'has a wrong check character (the last one): check it for a typing mistake';
  return null;
}
