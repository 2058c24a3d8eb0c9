import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { createRateLimits } from './rate-limits.ts';

describe('rate limits while Redis cannot be reached', () => {
  it('count in process instead of failing, and still refuse past the limit', async () => {
    // Nothing listens on port 1: every Redis command fails at once (no offline queue).
    const limits = createRateLimits({
      redisUrl: 'redis://127.0.0.1:1/3',
      rules: { loginFailuresPerAccount: { points: 2, durationSeconds: 60 } },
    });
    try {
      await limits.check('loginFailuresPerAccount', 'a@example.com');
      await limits.consume('loginFailuresPerAccount', 'a@example.com');
      await limits.consume('loginFailuresPerAccount', 'a@example.com');
      const refused = await limits.consume('loginFailuresPerAccount', 'a@example.com').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe('TOO_MANY_REQUESTS');
      await limits.reset('loginFailuresPerAccount', 'a@example.com');
      await limits.consume('loginFailuresPerAccount', 'a@example.com');
    } finally {
      await limits.close();
    }
  });
});

describe('giving a point back', () => {
  it('never takes a count below zero: a point given back after its window ended buys no extra guess', async () => {
    const limits = createRateLimits({
      redisUrl: undefined,
      rules: { loginFailuresPerAccount: { points: 2, durationSeconds: 1 } },
    });
    try {
      await limits.consume('loginFailuresPerAccount', 'a@example.com');
      await new Promise((resolve) => setTimeout(resolve, 1100)); // the window ends while the guess is checked
      await limits.giveBack('loginFailuresPerAccount', 'a@example.com');
      await limits.consume('loginFailuresPerAccount', 'a@example.com');
      await limits.consume('loginFailuresPerAccount', 'a@example.com');
      const refused = await limits.consume('loginFailuresPerAccount', 'a@example.com').catch((error: unknown) => error);
      expect((refused as AppError).code).toBe('TOO_MANY_REQUESTS');
    } finally {
      await limits.close();
    }
  });
});
