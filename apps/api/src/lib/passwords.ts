import argon2 from 'argon2';
import type { Env } from '../env.ts';

/** argon2id with OWASP's parameters: 19 MiB, 2 passes, 1 lane. */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2id at a token cost (1 MiB, 1 pass), for test runs only: at OWASP's cost every sign-up and
 * login of the api suites spent tens of milliseconds of a core on hashing. verifyPassword reads the
 * parameters from the hash, so hashes made with either set keep verifying.
 */
export const ARGON2_TEST_OPTIONS = { type: argon2.argon2id, memoryCost: 1_024, timeCost: 1, parallelism: 1 } as const;

let options: typeof ARGON2_OPTIONS | typeof ARGON2_TEST_OPTIONS = ARGON2_OPTIONS;

/**
 * Hash with ARGON2_TEST_OPTIONS (`cheap`) or ARGON2_OPTIONS from now on, in this whole process.
 * Cheap is refused unless NODE_ENV is test, so a production configuration can never weaken hashing.
 */
export function setPasswordHashing(env: Pick<Env, 'NODE_ENV'>, cost: 'cheap' | 'production'): void {
  if (cost === 'cheap' && env.NODE_ENV !== 'test')
    throw new Error(`cheap password hashing is for tests only (NODE_ENV is ${env.NODE_ENV})`);
  options = cost === 'cheap' ? ARGON2_TEST_OPTIONS : ARGON2_OPTIONS;
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
