import { defineConfig } from 'vitest/config';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: ['apps/api/test/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [{
            test: {
              name: 'api-postgres',
              include: ['apps/api/test/**/*.test.ts'],
              environment: 'node',
              env: { TEST_DB: 'postgres' },
              testTimeout: 30_000,
              hookTimeout: 60_000,
            },
          }]
        : []),
      'apps/web/vitest.config.ts',
    ],
  },
});
