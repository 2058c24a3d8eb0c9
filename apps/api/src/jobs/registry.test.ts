import { describe, expect, it } from 'vitest';
import { summarizeJobData } from './registry.ts';
import { mailJob, sealMail } from '../services/mail/index.ts';

describe('what the operator sees of a job', () => {
  it('keeps short scalar fields and drops any whose name looks like a secret or a content', () => {
    expect(
      summarizeJobData({
        subjectId: 42,
        force: true,
        note: null,
        signedUrlToken: 'do-not-show',
        apiKey: 'k',
        password: 'p',
        otp: '123456',
        html: '<p>',
        body: 'b',
        nested: { a: 1 },
        list: [1],
      }),
    ).toEqual({ subjectId: 42, force: true, note: null });
    expect(summarizeJobData({ path: 'x'.repeat(200) }).path).toHaveLength(120);
    expect(summarizeJobData(null)).toEqual({});
  });

  it('shows a mail job as its recipient and subject, never its parts', () => {
    const data = sealMail(
      's'.repeat(32),
      { to: 'a@example.com', subject: 'Live Connect: code', text: 'code 042917', html: '<b>042917</b>' },
      { otpId: 7 },
    );
    expect(JSON.stringify(data)).not.toContain('042917');
    expect(mailJob.options.summarize!(data)).toEqual({
      to: 'a@example.com',
      subject: 'Live Connect: code',
      otpId: 7,
      onceKey: null,
      attachments: null,
    });
  });
});
