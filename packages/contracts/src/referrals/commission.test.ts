import { describe, expect, it } from 'vitest';
import { commissionPaise, commissionReversal } from './commission.ts';
import { ineligibleReasonSentence, ineligibleReasonText, selfReferralReason } from './self-referral.ts';
import { canonicalEmail } from '../common/rules.ts';
import { lastPage } from './schemas.ts';

describe('commissionPaise', () => {
  it('is the percent of the amount paid', () => {
    expect(commissionPaise(49_900, 10)).toBe(4_990);
    expect(commissionPaise(100_000, 10)).toBe(10_000);
  });

  it('floors to whole paise', () => {
    expect(commissionPaise(49_999, 10)).toBe(4_999); // 4 999.9
    expect(commissionPaise(1, 10)).toBe(0); // 0.1 paise
    expect(commissionPaise(12_345, 7.5)).toBe(925); // 925.875
  });

  it('pays nothing for zero, negative or broken amounts and rates', () => {
    expect(commissionPaise(0, 10)).toBe(0);
    expect(commissionPaise(-500, 10)).toBe(0);
    expect(commissionPaise(10.5, 10)).toBe(0);
    expect(commissionPaise(10_000, 0)).toBe(0);
    expect(commissionPaise(10_000, Number.NaN)).toBe(0);
  });

  it('never pays more than the amount', () => {
    expect(commissionPaise(10_000, 250)).toBe(10_000);
  });

  it('does not drift on decimal rates', () => {
    // 0.1 + 0.2 style drift would floor 1 paise low here without basis points.
    expect(commissionPaise(100, 29)).toBe(29);
    expect(commissionPaise(1_000, 0.3)).toBe(3);
  });
});

describe('commissionReversal', () => {
  it('takes the whole commission back when the balance allows', () => {
    expect(commissionReversal(4_990, 10_000)).toEqual({ reversedPaise: 4_990, shortfallPaise: 0 });
  });
  it('stops at a zero balance and reports the shortfall', () => {
    expect(commissionReversal(4_990, 1_000)).toEqual({ reversedPaise: 1_000, shortfallPaise: 3_990 });
    expect(commissionReversal(4_990, 0)).toEqual({ reversedPaise: 0, shortfallPaise: 4_990 });
  });
});

describe('selfReferralReason', () => {
  const referrer = {
    emailCanonical: canonicalEmail('Asha.Rao@gmail.com'),
    mobile: '9876543210',
    accountNumberHash: 'h1',
    panCard: 'ABCDE1234F',
  };
  const stranger = {
    emailCanonical: canonicalEmail('ravi@example.com'),
    mobile: '9123456780',
    accountNumberHash: 'h2',
    panCard: 'PQRSX9876Z',
  };

  it('finds nothing between strangers', () => {
    expect(selfReferralReason(stranger, referrer)).toBeNull();
  });
  it('sees through Gmail dots, +tags and case', () => {
    expect(selfReferralReason({ ...stranger, emailCanonical: canonicalEmail('asharao+alt@GMAIL.com') }, referrer)).toBe(
      'email',
    );
  });
  it('matches the same mobile, bank account or PAN', () => {
    expect(selfReferralReason({ ...stranger, mobile: '9876543210' }, referrer)).toBe('mobile');
    expect(selfReferralReason({ ...stranger, accountNumberHash: 'h1' }, referrer)).toBe('bank_account');
    expect(selfReferralReason({ ...stranger, panCard: 'abcde1234f' }, referrer)).toBe('pan');
  });
  it('does not match on missing bank details', () => {
    expect(
      selfReferralReason(
        { ...stranger, accountNumberHash: null, panCard: null },
        { ...referrer, accountNumberHash: null, panCard: null },
      ),
    ).toBeNull();
  });
});

describe('lastPage', () => {
  it('is at least 1', () => {
    expect(lastPage(0, 10)).toBe(1);
    expect(lastPage(10, 10)).toBe(1);
    expect(lastPage(11, 10)).toBe(2);
  });
});

describe('ineligibleReasonSentence', () => {
  it('gives each stored code its sentence', () => {
    expect(ineligibleReasonSentence('mobile')).toBe('Same mobile number as yours');
    expect(ineligibleReasonSentence('email')).toBe('Same email as yours');
    expect(ineligibleReasonSentence('bank_account')).toBe('Same bank account as yours');
    expect(ineligibleReasonSentence('pan')).toBe('Same PAN as yours');
    expect(ineligibleReasonSentence('operator')).toBe(ineligibleReasonText.operator);
  });
  it("reads a missing reason as an operator's rejection and shows other text as it is", () => {
    expect(ineligibleReasonSentence(null)).toBe(ineligibleReasonText.operator);
    expect(ineligibleReasonSentence('  ')).toBe(ineligibleReasonText.operator);
    expect(ineligibleReasonSentence('Two accounts on one phone')).toBe('Two accounts on one phone');
    expect(ineligibleReasonSentence('toString')).toBe('toString');
  });
});
