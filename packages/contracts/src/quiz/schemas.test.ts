import { describe, expect, it } from 'vitest';
import { formatIndiaDateTime } from '../common/india-time.ts';
import { quizMessages } from './messages.ts';
import { markInPercentage, quizQuestionParams, quizSubmitBody } from './schemas.ts';

describe('markInPercentage', () => {
  it('gives the percentage with two decimals', () => {
    expect(markInPercentage(7, 10)).toBe(70);
    expect(markInPercentage(2, 3)).toBe(66.67);
    expect(markInPercentage(1, 3)).toBe(33.33);
    expect(markInPercentage(3, 7)).toBe(42.86);
    expect(markInPercentage(10, 10)).toBe(100);
    expect(markInPercentage(0, 10)).toBe(0);
    expect(markInPercentage(0, 0)).toBe(0);
  });
});

describe('quiz request schemas', () => {
  it('takes question numbers 1 to 10 only', () => {
    expect(quizQuestionParams.safeParse({ subjectId: '4', n: '10' }).data).toEqual({ subjectId: 4, n: 10 });
    for (const n of ['0', '11', 'x', '2.5'])
      expect(quizQuestionParams.safeParse({ subjectId: '4', n }).success).toBe(false);
  });

  it('takes [question id, option 1..5 or null] pairs only', () => {
    expect(
      quizSubmitBody.safeParse({
        data: [
          [3, 1],
          [4, null],
          [5, 5],
        ],
      }).success,
    ).toBe(true);
    for (const data of [[[3, 0]], [[3, 6]], [[3]], [[3, 1, 1]], [['3', 1]], [[3, '1']], [], 'x']) {
      expect(quizSubmitBody.safeParse({ data }).success, JSON.stringify(data)).toBe(false);
    }
  });
});

describe('retake messages', () => {
  it('say when in India time, wherever the code runs', () => {
    expect(formatIndiaDateTime('2026-11-24T18:45:00.000Z')).toBe('25 Nov 2026, 12:15 am IST');
    expect(quizMessages.retakeCooldown(new Date('2026-11-25T09:04:00.000Z'))).toBe(
      'You can retake this quiz after 25 Nov 2026, 2:34 pm IST.',
    );
    expect(quizMessages.retakeAllUsed(3)).toBe('You have used all 3 attempts at this quiz.');
    expect(quizMessages.retakeAllUsed(1)).toBe('You have used your one attempt at this quiz.');
  });
});
