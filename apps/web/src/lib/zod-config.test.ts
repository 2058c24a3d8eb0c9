import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('turns Zod jitless before Zod loads', async () => {
    await import('./zod-config');
    const { config } = await import('zod');
    expect(config().jitless).toBe(true);
  });
});
