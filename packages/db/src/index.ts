export * from './schema/index.ts';
export * from './client.ts';
export { migrateDatabase } from './migrate.ts';
export { seedDatabase } from './seed/index.ts';
