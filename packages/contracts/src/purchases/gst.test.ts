import { describe, expect, it } from 'vitest';
import { chargesUtgst, findIndianState, INDIAN_STATES } from '../common/indian-states.ts';
import {
  creditNoteReducesGst,
  documentNumber,
  financialYearOf,
  formatGstRate,
  gstinCheckCharacter,
  gstinProblem,
  INVOICE_KINDS,
  MAX_DOCUMENT_NUMBER_LENGTH,
  placeOfSupplyCode,
  lastDayToReduceGst,
  placeOfSupplyOf,
  splitGst,
} from './gst.ts';

describe('splitGst', () => {
  it('splits a round price within the state into CGST + SGST', () => {
    // ₹1,180.00 at 18%: ₹1,000 + ₹90 + ₹90.
    expect(splitGst({ totalPaise: 118_000, rateBasisPoints: 1800, intraState: true })).toEqual({
      taxablePaise: 100_000,
      cgstPaise: 9_000,
      sgstPaise: 9_000,
      igstPaise: 0,
      totalPaise: 118_000,
    });
  });

  it('puts the whole tax in IGST between states', () => {
    expect(splitGst({ totalPaise: 118_000, rateBasisPoints: 1800, intraState: false })).toEqual({
      taxablePaise: 100_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 18_000,
      totalPaise: 118_000,
    });
  });

  it('charges CGST and SGST as equal halves, and rounds the taxable value between states', () => {
    // ₹999.00 within the state: each half 99900 × 1800 / 23600 = 7619.49… → 7619; taxable 99900 − 15238 = 84662
    // (9% of it is 7619.58: within a paisa). Not CGST 7619 and SGST 7620 at the same 9%, as an auditor would refuse.
    expect(splitGst({ totalPaise: 99_900, rateBasisPoints: 1800, intraState: true })).toEqual({
      taxablePaise: 84_662,
      cgstPaise: 7_619,
      sgstPaise: 7_619,
      igstPaise: 0,
      totalPaise: 99_900,
    });
    // ₹333.33: 33333 × 10000 / 11800 = 28248.305… → 28248; tax 5085.
    expect(splitGst({ totalPaise: 33_333, rateBasisPoints: 1800, intraState: false })).toEqual({
      taxablePaise: 28_248,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 5_085,
      totalPaise: 33_333,
    });
    // One paisa: 10000 / 11800 = 0.847… → 1, so no tax at all.
    expect(splitGst({ totalPaise: 1, rateBasisPoints: 1800, intraState: true })).toEqual({
      taxablePaise: 1,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      totalPaise: 1,
    });
  });

  it('always adds up to the amount paid, to the paisa, for every amount and rate', () => {
    for (const rate of [0, 500, 1200, 1800, 2800]) {
      for (let total = 0; total <= 20_000; total += 7) {
        for (const intraState of [true, false]) {
          const s = splitGst({ totalPaise: total, rateBasisPoints: rate, intraState });
          expect(s.taxablePaise + s.cgstPaise + s.sgstPaise + s.igstPaise).toBe(total);
          expect(s.taxablePaise).toBeGreaterThanOrEqual(0);
          if (intraState) {
            // The same amount each, within a paisa of the half rate on the taxable value (half a paisa of rounding,
            // scaled by 1 + rate).
            expect(s.sgstPaise).toBe(s.cgstPaise);
            expect(Math.abs((s.taxablePaise * rate) / 20_000 - s.cgstPaise)).toBeLessThanOrEqual(
              0.5 * (1 + rate / 10_000) + 1e-9,
            );
          } else {
            // The tax is the rate on the taxable value, within half a paisa of rounding.
            expect(Math.abs((s.taxablePaise * rate) / 10_000 - s.igstPaise)).toBeLessThanOrEqual(0.5 + rate / 10_000);
          }
        }
      }
    }
  });

  it('refuses fractions of a paisa and impossible rates', () => {
    expect(() => splitGst({ totalPaise: 10.5, rateBasisPoints: 1800, intraState: true })).toThrow(RangeError);
    expect(() => splitGst({ totalPaise: -1, rateBasisPoints: 1800, intraState: true })).toThrow(RangeError);
    expect(() => splitGst({ totalPaise: 100, rateBasisPoints: 18.5, intraState: true })).toThrow(RangeError);
  });

  it('prints rates', () => {
    expect(formatGstRate(1800)).toBe('18%');
    expect(formatGstRate(900)).toBe('9%');
    expect(formatGstRate(250)).toBe('2.5%');
  });
});

describe('financialYearOf', () => {
  it('runs April to March by India time', () => {
    expect(financialYearOf(new Date('2026-04-01T00:00:00+05:30'))).toBe('2026-27');
    expect(financialYearOf(new Date('2026-03-31T18:29:59Z'))).toBe('2025-26'); // 23:59:59 IST on 31 March
    expect(financialYearOf(new Date('2026-03-31T18:30:00Z'))).toBe('2026-27'); // midnight IST, 1 April
    expect(financialYearOf(new Date('2027-03-31T12:00:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2099-12-31T00:00:00Z'))).toBe('2099-00');
  });

  it('numbers documents per kind', () => {
    expect(documentNumber('invoice', '2026-27', 1)).toBe('INV/26-27/000001');
    expect(documentNumber('credit_note', '2026-27', 42)).toBe('CN/26-27/000042');
  });

  it('keeps every number within the 16 characters GST allows a serial number', () => {
    for (const sequence of [1, 999_999, 1_000_000, 9_999_999])
      for (const kind of INVOICE_KINDS) {
        const number = documentNumber(kind, '2099-00', sequence);
        expect(number.length, number).toBeLessThanOrEqual(MAX_DOCUMENT_NUMBER_LENGTH);
        expect(number).toMatch(/^[A-Z0-9/-]+$/);
      }
    expect(documentNumber('invoice', '2026-27', 1_000_000)).toBe('INV/2627/1000000');
  });
});

describe('GSTIN', () => {
  it('computes the check character of known GSTINs', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });

  it('refuses a malformed GSTIN, another state and a wrong check character', () => {
    expect(gstinProblem('27AAPFU0939F1ZV', '27')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1Z', '27')).toMatch(/15-character/);
    expect(gstinProblem('27aapfu0939f1zv', '27')).toMatch(/15-character/);
    expect(gstinProblem('27AAPFU0939F1ZV', '32')).toMatch(/state code 32/);
    expect(gstinProblem('27AAPFU0939F1ZW', '27')).toMatch(/check character/);
  });
});

describe('Indian states', () => {
  it('has unique two-digit codes', () => {
    const codes = INDIAN_STATES.map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^\d{2}$/);
  });

  it('matches names case-insensitively, with common spellings, and nothing else', () => {
    expect(findIndianState('kerala')?.code).toBe('32');
    expect(findIndianState('  TAMIL   nadu ')?.code).toBe('33');
    expect(findIndianState('Jammu & Kashmir')?.code).toBe('01');
    expect(findIndianState('Orissa')?.code).toBe('21');
    expect(findIndianState('New Delhi')?.code).toBe('07');
    expect(findIndianState('32')?.name).toBe('Kerala');
    expect(findIndianState('')).toBeNull();
    expect(findIndianState(null)).toBeNull();
    expect(findIndianState('Atlantis')).toBeNull();
    expect(findIndianState('99')).toBeNull();
  });

  it('matches a state typed in Hindi or Malayalam, or abbreviated with dots, as a phone keyboard gives it', () => {
    expect(findIndianState('उत्तर प्रदेश')?.code).toBe('09');
    expect(findIndianState('U.P.')?.code).toBe('09');
    expect(findIndianState('Uttar-Pradesh')?.code).toBe('09');
    expect(findIndianState('केरल')?.code).toBe('32');
    expect(findIndianState('കേരളം')?.code).toBe('32');
    expect(findIndianState('തമിഴ്നാട്')?.code).toBe('33');
    // ഡൽഹി with the atomic chillu ൽ, and with ല + virama + zero-width joiner, as older keyboards type it.
    expect(findIndianState('\u0D21\u0D7D\u0D39\u0D3F')?.code).toBe('07');
    expect(findIndianState('\u0D21\u0D32\u0D4D\u200D\u0D39\u0D3F')?.code).toBe('07');
    // चंडीगढ़ with the precomposed ढ़ and with ढ + nukta.
    expect(findIndianState('\u091A\u0902\u0921\u0940\u0917\u095D')?.code).toBe('04');
    expect(findIndianState('\u091A\u0902\u0921\u0940\u0917\u0922\u093C')?.code).toBe('04');
  });

  it('matches the two-letter abbreviation of every state and union territory, as vehicles and addresses write it', () => {
    const cases: Record<string, string> = {
      MH: '27',
      'M.H.': '27',
      mh: '27',
      KA: '29',
      TN: '33',
      DL: '07',
      GJ: '24',
      TS: '36',
      TG: '36',
      UP: '09',
      KL: '32',
      OD: '21',
      OR: '21',
      CG: '22',
      JK: '01',
      LA: '38',
      DD: '26',
      DN: '26',
      PY: '34',
      AN: '35',
      LD: '31',
      CH: '04',
    };
    for (const [typed, code] of Object.entries(cases)) expect(findIndianState(typed)?.code, typed).toBe(code);
    for (const state of INDIAN_STATES) {
      expect(state.abbreviations.length, state.name).toBeGreaterThan(0);
      for (const abbreviation of state.abbreviations) expect(abbreviation, state.name).toMatch(/^[A-Z]{2}$/);
    }
    // A common misspelling of Maharashtra; 'UT' (any union territory) and two letters of no state stay unknown.
    expect(findIndianState('Maharastra')?.code).toBe('27');
    expect(findIndianState('UT')).toBeNull();
    expect(findIndianState('XY')).toBeNull();
  });

  it('gives every spelling, in every language, to one state only', () => {
    const seen = new Map<string, string>();
    for (const state of INDIAN_STATES) {
      for (const name of [state.name, ...state.aliases, ...state.abbreviations, ...state.hi, ...state.ml]) {
        expect(findIndianState(name)?.code, name).toBe(state.code);
        expect(seen.get(name) ?? state.code, name).toBe(state.code);
        seen.set(name, state.code);
      }
      expect(state.hi.length * state.ml.length, state.name).toBeGreaterThan(0);
    }
  });

  it('says which union territories charge UTGST', () => {
    const utgst = INDIAN_STATES.filter((state) => chargesUtgst(state.code)).map((state) => state.name);
    expect(utgst).toEqual([
      'Chandigarh',
      'Dadra and Nagar Haveli and Daman and Diu',
      'Lakshadweep',
      'Andaman and Nicobar Islands',
      'Ladakh',
    ]);
  });
});

describe('the time limit of a credit note (CGST Act s.34(2))', () => {
  it('is 30 November after the end of the supply’s financial year, India time', () => {
    // A supply of 31 March 2027 23:59 IST is of 2026-27; one minute later, of 2027-28.
    expect(lastDayToReduceGst(new Date('2027-03-31T23:59:00+05:30'))).toBe('2027-11-30');
    expect(lastDayToReduceGst(new Date('2027-04-01T00:00:00+05:30'))).toBe('2028-11-30');
    expect(lastDayToReduceGst(new Date('2026-12-01T10:00:00+05:30'))).toBe('2027-11-30');
  });

  it('lets a credit note reduce GST up to the last minute of that day in India, and not after', () => {
    const supply = new Date('2026-12-01T10:00:00+05:30');
    expect(creditNoteReducesGst(supply, new Date('2026-12-02T10:00:00+05:30'))).toBe(true);
    expect(creditNoteReducesGst(supply, new Date('2027-11-30T23:59:59+05:30'))).toBe(true);
    // 1 December 00:00 IST is still 30 November in UTC: India's calendar decides.
    expect(creditNoteReducesGst(supply, new Date('2027-12-01T00:00:00+05:30'))).toBe(false);
    expect(creditNoteReducesGst(supply, new Date('2028-06-01T10:00:00+05:30'))).toBe(false);
  });
});

describe('placeOfSupplyOf', () => {
  const kerala = { name: 'Kerala', code: '32' };
  const of = (buyerState: string | null, buyerCountryIsoCode: string | null, buyerPin: string | null = null) =>
    placeOfSupplyOf({ buyerState, buyerPin, buyerCountryIsoCode, sellerState: kerala });

  it('is the state the buyer typed, or the seller’s when it is empty or unknown (decision 023)', () => {
    expect(of('maharashtra', 'IN')).toEqual({ name: 'Maharashtra', code: '27' });
    expect(of('U.P.', null)).toEqual({ name: 'Uttar Pradesh', code: '09' });
    expect(of('Atlantis', 'IN')).toEqual(kerala);
    expect(of(null, null)).toEqual(kerala);
  });

  it('is the state of the PIN on record when the typed state names none, before the seller’s (decision 063)', () => {
    const maharashtra = { name: 'Maharashtra', code: '27' };
    expect(of(null, 'IN', '400001')).toEqual(maharashtra);
    expect(of('', null, '400 001')).toEqual(maharashtra);
    expect(of('Bombay state', 'IN', '400001')).toEqual(maharashtra);
    expect(of('MH', 'IN', null)).toEqual(maharashtra);
    // A state that is recognised wins over the PIN (the learner's own word; a PIN may be a typo).
    expect(of('Goa', 'IN', '400001')).toEqual({ name: 'Goa', code: '30' });
    // A shared prefix (605: Tamil Nadu and Puducherry), a foreign postcode or no PIN: the seller's state.
    expect(of(null, 'IN', '605001')).toEqual(kerala);
    expect(of(null, null, 'SW1A 1AA')).toEqual(kerala);
    expect(of(null, 'IN', null)).toEqual(kerala);
    // Abroad stays abroad whatever the PIN says.
    expect(of(null, 'AE', '400001')).toEqual({ name: 'Outside India', code: '96' });
  });

  it('is outside India (96) for a buyer whose country is on record and is not India, whatever the state says', () => {
    expect(of('Dubai', 'AE')).toEqual({ name: 'Outside India', code: '96' });
    expect(of(null, 'us')).toEqual({ name: 'Outside India', code: '96' });
    // A learner abroad who typed their home state: the country chosen from the list decides.
    expect(of('Kerala', 'AE')).toEqual({ name: 'Outside India', code: '96' });
  });

  it('reads the code back from the text an invoice keeps', () => {
    expect(placeOfSupplyCode('Uttar Pradesh (09)')).toBe('09');
    expect(placeOfSupplyCode('Outside India (96)')).toBe('96');
  });
});
