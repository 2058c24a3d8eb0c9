import { describe, expect, it } from 'vitest';
import {
  discountPaise,
  formatInr,
  paiseToRupees,
  priceBreakdown,
  providerAmountPaise,
  rupeesToPaise,
} from './money.ts';
import { offerCodeRuleOf } from '../checkout/schemas.ts';

const fixed = (rupees: number, minimumRupees = 0) => ({
  isFixedAmount: true,
  discountValue: rupeesToPaise(rupees),
  minimumAmountPaise: rupeesToPaise(minimumRupees),
});
const percent = (pct: number, minimumRupees = 0) => ({
  isFixedAmount: false,
  discountValue: Math.round(pct * 100),
  minimumAmountPaise: rupeesToPaise(minimumRupees),
});

describe('discountPaise', () => {
  it('takes a fixed amount off the offer price', () => {
    expect(discountPaise(49_900, fixed(100))).toBe(10_000);
    expect(priceBreakdown(49_900, fixed(100))).toEqual({
      pricePaise: 49_900,
      discountPaise: 10_000,
      payablePaise: 39_900,
    });
  });

  it('takes a percentage of the offer price', () => {
    expect(discountPaise(50_000, percent(10))).toBe(5_000);
    expect(discountPaise(49_900, percent(12.5))).toBe(6_237); // 62.375 rupees floored to 62.37
  });

  it('gives nothing below the minimum amount, and applies at exactly the minimum', () => {
    expect(discountPaise(49_999, fixed(50, 500))).toBe(0);
    expect(discountPaise(49_999, percent(10, 500))).toBe(0);
    expect(discountPaise(50_000, fixed(50, 500))).toBe(5_000);
  });

  it('floors a percentage to two decimals (whole paise), never rounding up', () => {
    // 33% of 9.99 = 3.2967 rupees -> 3.29
    expect(discountPaise(999, percent(33))).toBe(329);
    // 15% of 333.33 = 49.9995 -> 49.99
    expect(discountPaise(33_333, percent(15))).toBe(4_999);
  });

  it('never gives more than the price: a discount larger than the price makes it free', () => {
    expect(discountPaise(5_000, fixed(80))).toBe(5_000);
    expect(priceBreakdown(5_000, fixed(80)).payablePaise).toBe(0);
    expect(priceBreakdown(5_000, percent(100)).payablePaise).toBe(0);
  });

  it('gives nothing without a code', () => {
    expect(priceBreakdown(12_345, null)).toEqual({ pricePaise: 12_345, discountPaise: 0, payablePaise: 12_345 });
  });
});

describe('paise at the edges', () => {
  it('sends the provider payable rupees x 100, rounded up', () => {
    expect(providerAmountPaise(449.1)).toBe(44_910); // 449.1 * 100 is 44909.99999… in floating point
    expect(providerAmountPaise(0.29)).toBe(29);
    expect(providerAmountPaise(10.001)).toBe(1_001);
    expect(providerAmountPaise(10.0001)).toBe(1_001);
    expect(providerAmountPaise(0)).toBe(0);
  });

  it('converts between rupees and paise without drift', () => {
    expect(rupeesToPaise(499.5)).toBe(49_950);
    expect(rupeesToPaise(19.99)).toBe(1_999); // 1998.9999… in floating point
    expect(paiseToRupees(49_950)).toBe(499.5);
    for (let paise = 0; paise < 20_000; paise += 7) expect(providerAmountPaise(paiseToRupees(paise))).toBe(paise);
  });

  it('reads the API offer code back into the rule the server used', () => {
    expect(offerCodeRuleOf({ is_fixed_amount: false, discount: 12.5, minimum_amount: 199.99 })).toEqual({
      isFixedAmount: false,
      discountValue: 1_250,
      minimumAmountPaise: 19_999,
    });
    expect(discountPaise(49_900, offerCodeRuleOf({ is_fixed_amount: true, discount: 100, minimum_amount: 0 }))).toBe(
      10_000,
    );
  });

  it('formats rupees the Indian way', () => {
    expect(formatInr(123456.5)).toBe('₹1,23,456.50');
  });
});

describe('formatInr in every language', () => {
  it('groups lakhs and crores the Indian way', () => {
    expect(formatInr(100000, 'en')).toBe('₹1,00,000.00');
    expect(formatInr(100000, 'hi')).toBe('₹1,00,000.00');
    expect(formatInr(10000000.5, 'ml')).toBe('₹1,00,00,000.50');
    expect(formatInr(-12.5)).toBe('-₹12.50');
  });
});
