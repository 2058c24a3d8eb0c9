import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, setPasswordHashing, verifyPassword } from './passwords.ts';

const OWASP = /^\$argon2id\$v=19\$m=19456,p=1,t=2\$/;
const CHEAP = /^\$argon2id\$v=19\$m=1024,p=1,t=1\$/;

describe('password hashing cost', () => {
  afterEach(() => {
    setPasswordHashing({ NODE_ENV: 'test' }, 'production');
  });

  it('hashes at OWASP cost unless a test asks for less', async () => {
    expect(await hashPassword('Secret@123')).toMatch(OWASP);
  });

  it('refuses the cheap cost outside NODE_ENV=test, and keeps hashing at OWASP cost', async () => {
    for (const NODE_ENV of ['production', 'development'] as const) {
      expect(() => setPasswordHashing({ NODE_ENV }, 'cheap')).toThrow(/for tests only/);
    }
    expect(await hashPassword('Secret@123')).toMatch(OWASP);
  });

  it('verifies hashes made at either cost, whichever is in force', async () => {
    const owasp = await hashPassword('Secret@123');
    setPasswordHashing({ NODE_ENV: 'test' }, 'cheap');
    const cheap = await hashPassword('Secret@123');
    expect(cheap).toMatch(CHEAP);
    for (const cost of ['cheap', 'production'] as const) {
      setPasswordHashing({ NODE_ENV: 'test' }, cost);
      expect(await verifyPassword(owasp, 'Secret@123')).toBe(true);
      expect(await verifyPassword(cheap, 'Secret@123')).toBe(true);
      expect(await verifyPassword(cheap, 'Secret@124')).toBe(false);
    }
  });
});
