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
