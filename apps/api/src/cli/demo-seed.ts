import { seedDatabase, type SeedResult } from '@app/db';
import type { AppContext } from '../context.ts';
import type { Env } from '../env.ts';
import { hashPassword } from '../lib/passwords.ts';

/**
 * Whether to seed the demo into an empty database: SEED_DEMO when set, otherwise only in
 * development. Production and tests stay empty, since the demo accounts have published passwords.
 */
export function shouldSeedDemo(env: Env): boolean {
  return env.SEED_DEMO ?? env.NODE_ENV === 'development';
}

/** Seeds the demo data through the app's own storage and password hashing. */
export function seedDemoData(ctx: AppContext): Promise<SeedResult> {
  return seedDatabase(ctx.db, {
    putFile: (key, body, contentType) => ctx.storage.put(key, body, contentType),
    hashPassword,
    now: ctx.now,
  });
}

export function describeSeedResult(result: SeedResult): string {
  if (!result.seeded) return `Demo seed skipped: ${result.reason}.`;
  const { courses, subjects, questions, users, files } = result.counts;
  return `Demo data seeded: ${courses} courses, ${subjects} chapters, ${questions} questions, ${users} users, ${files} files.`;
}
