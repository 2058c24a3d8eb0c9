import { describe, expect, it } from 'vitest';
import { intField, rupeesField } from '../admin/common.ts';
import { redeemPointBody, withdrawBody } from '../wallet/schemas.ts';
import { readRupees, readWholeNumber } from './amounts.ts';

const amountInvalid = 'Enter a valid amount in rupees (at most two decimals).';
const amountRequired = 'Enter the amount to withdraw.';
const pointInvalid = 'Points must be a whole number of at least 1.';
const pointRequired = 'Enter the points to redeem.';

/** Inputs that look like numbers to `Number()` but are not plain amounts. */
const NOT_PLAIN_TEXT = [
  '0x64',
  '0X64',
  '0x0a',
  '0b101',
  '0o17',
  '1e2',
  '1E2',
  '1e+2',
  '1.5e1',
  'NaN',
  'Infinity',
  '-Infinity',
  '+100',
  '-100',
  '100.',
  '.5',
  '1,000',
  '1_000',
  '100 00',
  '１００',
  '٣',
  '100abc',
  'abc',
  ' 0x10 ',
  '\t1e2\n',
  '100.5.5',
  '--1',
];
const NOT_PLAIN_NUMBERS = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -1, -0.5, 1e21, 1e-7];

describe('readRupees', () => {
  it('reads JSON numbers and plain decimal strings with at most two decimals', () => {
    for (const [input, rupees] of [
      [100, 100],
      [100.5, 100.5],
      [0.01, 0.01],
      [0, 0],
      ['100', 100],
      ['100.5', 100.5],
      ['100.50', 100.5],
      ['0.05', 0.05],
      ['007', 7],
      [' 150.25 ', 150.25],
      ['\t42\n', 42],
    ] as const) {
      expect(readRupees(input), JSON.stringify(input)).toBe(rupees);
    }
  });

  it('reads nothing for empty text and passes absent values on', () => {
    expect(readRupees('')).toBeUndefined();
    expect(readRupees('   ')).toBeUndefined();
    expect(readRupees(undefined)).toBeUndefined();
    expect(readRupees(null)).toBeNull();
  });

  it('refuses hex, exponents, NaN, Infinity, signs and garbage (as NaN)', () => {
    for (const input of [...NOT_PLAIN_TEXT, ...NOT_PLAIN_NUMBERS, '100.555', 100.555, 0.1 + 0.2]) {
      expect(readRupees(input), JSON.stringify(String(input))).toBeNaN();
    }
  });
});

describe('readWholeNumber', () => {
  it('reads JSON integers and plain digit strings', () => {
    for (const [input, n] of [
      [10, 10],
      [0, 0],
      ['10', 10],
      [' 25 ', 25],
      ['0010', 10],
      [-3, -3],
    ] as const) {
      expect(readWholeNumber(input), JSON.stringify(input)).toBe(n);
    }
    expect(readWholeNumber('')).toBeUndefined();
  });

  it('refuses fractions in text, hex, exponents, NaN and garbage (as NaN)', () => {
    for (const input of [...NOT_PLAIN_TEXT, '10.0', '10.5', 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(readWholeNumber(input), JSON.stringify(String(input))).toBeNaN();
    }
  });
});

describe('withdrawBody.amount (the API and the withdraw form)', () => {
  it('accepts JSON numbers and plain decimal strings', () => {
    for (const [amount, rupees] of [
      [100, 100],
      [100.5, 100.5],
      ['100', 100],
      ['100.50', 100.5],
      ['0.01', 0.01],
      [10_000_000, 10_000_000],
    ] as const) {
      expect(withdrawBody.parse({ amount }).amount, String(amount)).toBe(rupees);
    }
  });

  it('refuses everything else with the invalid-amount message', () => {
    for (const amount of [
      ...NOT_PLAIN_TEXT,
      ...NOT_PLAIN_NUMBERS,
      0,
      '0',
      '0.00',
      100.001,
      '100.001',
      '150.555',
      10_000_000.01,
      true,
      [],
      {},
      [100],
    ]) {
      const issues = withdrawBody.safeParse({ amount }).error?.issues;
      expect(
        issues?.map((i) => [i.path.join('.'), i.message]),
        JSON.stringify(String(amount)),
      ).toEqual([['amount', amountInvalid]]);
    }
  });

  it('asks for a missing amount', () => {
    for (const body of [{}, { amount: '' }, { amount: '  ' }, { amount: null }]) {
      expect(
        withdrawBody.safeParse(body).error?.issues.map((i) => i.message),
        JSON.stringify(body),
      ).toEqual([amountRequired]);
    }
  });
});

describe('redeemPointBody.point (the API and the redeem form)', () => {
  it('accepts JSON integers and plain digit strings', () => {
    for (const [point, n] of [
      [1, 1],
      [10, 10],
      ['10', 10],
      [' 3 ', 3],
      [1_000_000_000, 1_000_000_000],
    ] as const) {
      expect(redeemPointBody.parse({ point }).point, String(point)).toBe(n);
    }
  });

  it('refuses everything else with the invalid-points message', () => {
    for (const point of [
      ...NOT_PLAIN_TEXT,
      ...NOT_PLAIN_NUMBERS,
      0,
      '0',
      1.5,
      '1.5',
      '10.0',
      -3,
      1_000_000_001,
      2 ** 60,
      false,
      {},
    ]) {
      const issues = redeemPointBody.safeParse({ point }).error?.issues;
      expect(
        issues?.map((i) => [i.path.join('.'), i.message]),
        JSON.stringify(String(point)),
      ).toEqual([['point', pointInvalid]]);
    }
  });

  it('asks for missing points', () => {
    for (const body of [{}, { point: '' }, { point: null }]) {
      expect(
        redeemPointBody.safeParse(body).error?.issues.map((i) => i.message),
        JSON.stringify(body),
      ).toEqual([pointRequired]);
    }
  });
});

describe('admin rupee and whole-number fields use the same reading', () => {
  const price = rupeesField();
  const position = intField('position', 0, 100_000);

  it('accepts plain amounts (0 included) and plain whole numbers', () => {
    expect(price.parse(0)).toBe(0);
    expect(price.parse('499.50')).toBe(499.5);
    expect(price.parse(499.5)).toBe(499.5);
    expect(position.parse('12')).toBe(12);
    expect(position.parse(0)).toBe(0);
  });

  it('refuses hex, exponents and the rest', () => {
    for (const input of [...NOT_PLAIN_TEXT, ...NOT_PLAIN_NUMBERS, '499.555']) {
      expect(price.safeParse(input).error?.issues[0]?.message, String(input)).toBe(
        'Enter a valid amount in rupees (at most two decimals).',
      );
      expect(position.safeParse(input).error?.issues[0]?.message, String(input)).toBe(
        'position must be a whole number from 0 to 100000.',
      );
    }
    expect(price.safeParse('').error?.issues[0]?.message).toBe('Price is required.');
    expect(position.safeParse(undefined).error?.issues[0]?.message).toBe('position is required.');
  });
});
