import { describe, expect, it } from 'vitest';
import { gstinProblem } from '@app/contracts';
import { loadEnv } from '../src/env.ts';
import { invoiceConfigOf } from '../src/services/invoices/invoice-config-of.ts';
import { PRODUCTION_TEST_ENV } from './helpers.ts';

function problemsOf(env: Record<string, string>): string {
  try {
    loadEnv(env);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

const without = (key: string) => Object.fromEntries(Object.entries(PRODUCTION_TEST_ENV).filter(([k]) => k !== key));

describe('the seller on GST invoices (configuration)', () => {
  it('refuses to boot production without a GSTIN, legal name or address', () => {
    for (const key of ['INVOICE_SELLER_GSTIN', 'INVOICE_SELLER_NAME', 'INVOICE_SELLER_ADDRESS']) {
      expect(problemsOf(without(key))).toContain(`${key}: ${key} is required in production`);
      expect(problemsOf({ ...PRODUCTION_TEST_ENV, [key]: '' })).toContain(`${key}: ${key} is required in production`);
    }
    expect(problemsOf({ ...PRODUCTION_TEST_ENV })).toBe('');
  });

  it('refuses a malformed GSTIN, one of another state, and a wrong check character, in any mode', () => {
    expect(problemsOf({ ...PRODUCTION_TEST_ENV, INVOICE_SELLER_GSTIN: '32AAACL1234A1Z' })).toContain(
      'INVOICE_SELLER_GSTIN: INVOICE_SELLER_GSTIN must be a 15-character GSTIN',
    );
    expect(problemsOf({ ...PRODUCTION_TEST_ENV, INVOICE_SELLER_GSTIN: '32-AACL1234A1ZI' })).toContain(
      '15-character GSTIN',
    );
    expect(problemsOf({ ...PRODUCTION_TEST_ENV, INVOICE_SELLER_GSTIN: '27AAPFU0939F1ZV' })).toContain(
      "must begin with the seller's state code 32",
    );
    expect(problemsOf({ ...PRODUCTION_TEST_ENV, INVOICE_SELLER_GSTIN: '32AAACL1234A1ZJ' })).toContain(
      'wrong check character',
    );
    expect(problemsOf({ INVOICE_SELLER_GSTIN: '32AAACL1234A1ZJ' })).toContain('wrong check character');
    // Lower case and spaces around are forgiven; Maharashtra's GSTIN with Maharashtra.
    expect(
      problemsOf({
        ...PRODUCTION_TEST_ENV,
        INVOICE_SELLER_GSTIN: ' 27aapfu0939f1zv ',
        INVOICE_SELLER_STATE: 'maharashtra',
      }),
    ).toBe('');
  });

  it('refuses an unknown state, a SAC that is no services code, and a rate of more than two decimals', () => {
    expect(problemsOf({ INVOICE_SELLER_STATE: 'Atlantis' })).toContain(
      "INVOICE_SELLER_STATE 'Atlantis' is not an Indian state",
    );
    expect(problemsOf({ INVOICE_SAC: '4901' })).toContain('INVOICE_SAC must be a 6-digit services code');
    expect(problemsOf({ INVOICE_GST_RATE_PERCENT: '18.005' })).toContain('at most two decimals');
    expect(problemsOf({ INVOICE_GST_RATE_PERCENT: '120' })).toContain('INVOICE_GST_RATE_PERCENT');
  });

  it('uses marked development placeholders outside production, and the configured seller otherwise', () => {
    const dev = invoiceConfigOf(loadEnv({}));
    expect(dev.rateBasisPoints).toBe(1800);
    expect(dev.seller).toMatchObject({ state: 'Kerala', stateCode: '32', sac: '999293', gstin: '32AAACL1234A1ZI' });
    expect(dev.seller.legalName).toMatch(/development placeholder/);
    const delhi = invoiceConfigOf(loadEnv({ INVOICE_SELLER_STATE: 'Delhi' })).seller;
    expect(delhi).toMatchObject({ stateCode: '07', gstin: expect.stringMatching(/^07/) });
    expect(gstinProblem(delhi.gstin, '07')).toBeNull();

    const prod = invoiceConfigOf(loadEnv({ ...PRODUCTION_TEST_ENV, INVOICE_GST_RATE_PERCENT: '5' }));
    expect(prod.seller).toEqual({
      legalName: 'Live Connect Test Private Limited',
      address: '1 Test Road, Kochi 682001',
      gstin: '32AAACL1234A1ZI',
      state: 'Kerala',
      stateCode: '32',
      sac: '999293',
    });
    expect(prod.rateBasisPoints).toBe(500);
  });
});
