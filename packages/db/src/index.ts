export * from './schema/index.ts';
export * from './client.ts';
export { migrateDatabase } from './migrate.ts';
export { migrationsHash } from './migrations-hash.ts';
export { seedDatabase } from './seed/index.ts';
export { DEMO_ADMIN, DEMO_LEARNER, DEMO_SEED_MARKER, type SeedResult, type SeedServices } from './seed/index.ts';
