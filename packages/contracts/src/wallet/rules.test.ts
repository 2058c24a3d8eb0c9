import { describe, expect, it } from 'vitest';
import { isWholePaise, ledgerKind, redeemValuePaise } from './rules.ts';
import { redeemPointBody, withdrawBody } from './schemas.ts';

describe('wallet rules', () => {
  it('accepts rupees with at most two decimals', () => {
    expect(isWholePaise(100)).toBe(true);
    expect(isWholePaise(100.5)).toBe(true);
    expect(isWholePaise(0.29)).toBe(true);
    expect(isWholePaise(100.555)).toBe(false);
    expect(isWholePaise(Number.NaN)).toBe(false);
  });

  it('values redeemed points at the convert value', () => {
    expect(redeemValuePaise(25, 100)).toBe(2_500);
    expect(redeemValuePaise(3, 150)).toBe(450);
  });

  it('tells amount, point and both rows apart', () => {
    expect(ledgerKind(4_990, 0)).toBe('amount');
    expect(ledgerKind(0, 7)).toBe('point');
    expect(ledgerKind(2_500, -25)).toBe('both');
  });
});

describe('wallet request schemas', () => {
  it('checks redeem points', () => {
    expect(redeemPointBody.parse({ point: '5' }).point).toBe(5);
    expect(redeemPointBody.safeParse({ point: 0 }).error?.issues[0]?.message).toBe(
      'Points must be a whole number of at least 1.',
    );
    expect(redeemPointBody.safeParse({ point: 1.5 }).success).toBe(false);
    expect(redeemPointBody.safeParse({}).error?.issues[0]?.message).toBe('Enter the points to redeem.');
    expect(redeemPointBody.safeParse({ point: 'abc' }).error?.issues[0]?.message).toBe(
      'Points must be a whole number of at least 1.',
    );
  });

  it('checks withdraw amounts', () => {
    expect(withdrawBody.parse({ amount: '150.50' }).amount).toBe(150.5);
    expect(withdrawBody.safeParse({ amount: '' }).error?.issues[0]?.message).toBe('Enter the amount to withdraw.');
    expect(withdrawBody.safeParse({ amount: -1 }).success).toBe(false);
    expect(withdrawBody.safeParse({ amount: 100.001 }).success).toBe(false);
  });
});
