import { describe, expect, it } from 'vitest';
import { maskEmail, maskMobile } from './mask-contact.ts';

describe('contact masking', () => {
  it('keeps two letters of the mailbox and the whole domain', () => {
    expect(maskEmail('rahul.k@gmail.com')).toBe('ra****@gmail.com');
    expect(maskEmail('rahulkumarsharma@school.edu.in')).toBe('ra****@school.edu.in');
  });

  it('shows only one letter of a very short mailbox', () => {
    expect(maskEmail('ab@x.in')).toBe('a****@x.in');
    expect(maskEmail('a@x.in')).toBe('a****@x.in');
  });

  it('shows only the last four digits of a mobile', () => {
    expect(maskMobile('9876543210')).toBe('******3210');
    expect(maskMobile('123')).toBe('******');
  });
});
