import { globSync, readFileSync } from 'node:fs';
import { defaultExclude, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
/**
 * `npm test` runs vitest twice: everything else first, then (TEST_RELIABILITY=1) only the heavy
 * reliability suites, which time out when they share the machine with every other file.
 */
const reliabilityRun = process.env.TEST_RELIABILITY === '1';
if (reliabilityRun && !withPostgres)
  throw new Error('TEST_RELIABILITY=1 needs TEST_DATABASE_URL: the reliability suites run on PostgreSQL only');

const API_TESTS = 'apps/api/test/**/*.test.ts';
/** PostgreSQL only (they skip themselves on PGlite), minutes long, each using both cores. */
const HEAVY_RELIABILITY = [
  'apps/api/test/reliability/crash.test.ts',
  'apps/api/test/reliability/ledger-random.test.ts',
];
/**
 * An api test project on PGlite or PostgreSQL. Its globalSetup migrates a template once per run,
 * which every test file's database is copied from (helpers.ts createTestDatabase).
 */
function apiProject(
  name: string,
  database: 'pglite' | 'postgres',
  files: { include: string[]; exclude?: string[] },
  shareModules = true,
): TestProjectInlineConfiguration {
  return {
    test: {
      name,
      include: files.include,
      exclude: [...defaultExclude, ...(files.exclude ?? [])],
      environment: 'node',
      globalSetup: [`apps/api/test/global-setup/${database}.ts`],
      env: {
        TEST_DB: database,
        // argon2id at a token cost, honoured by test apps only (NODE_ENV=test): see helpers.ts createTestApp.
        TEST_PASSWORD_HASHING: 'cheap',
      },
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // Files in one worker share loaded modules (the app's and PGlite's compiled WebAssembly) instead of loading
      // them again per file: 85 → 49 s for eight PGlite files. Each file still gets its own database and app; the
      // reliability run keeps isolation (its suites start and kill servers).
      isolate: !shareModules,
    },
  };
}

const WEB_TESTS = 'src/**/*.test.{ts,tsx}';

type NamedProject = TestProjectInlineConfiguration & { root?: string; test: { name: string; include: string[] } };

/**
 * `project` as two: its files that swap a module for a stand-in (vi.mock) run isolated, in a module graph of their
 * own ("<name>-mocks"); the others share each worker's loaded modules instead of loading them again per file. Found
 * by reading the files, so a new file with a mock is never run shared by mistake.
 */
function mocksApart(project: NamedProject): TestProjectInlineConfiguration[] {
  const root = project.root ?? '.';
  const mocks = project.test.include
    .flatMap((pattern) => globSync(pattern, { cwd: root }))
    .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(`${root}/${file}`, 'utf8')));
  const shared = { ...project, test: { ...project.test, exclude: [...defaultExclude, ...mocks], isolate: false } };
  if (mocks.length === 0) return [shared];
  return [shared, { ...project, test: { ...project.test, name: `${project.test.name}-mocks`, include: mocks } }];
}

/**
 * The web app's components in jsdom (apps/web/vitest.config.ts). Files in one worker share loaded modules and one
 * jsdom instead of starting both per file (the setup file resets the DOM, storage, language and mocks after each
 * test): 97 → 43 s for the 74 files alone.
 */
const webProjects = mocksApart({
  extends: './apps/web/vitest.config.ts',
  root: 'apps/web',
  test: { name: 'web', include: [WEB_TESTS] },
});

const mainProjects: TestProjectInlineConfiguration[] = [
  // Shared modules: 42 → 22 CPU-s for its 28 files alone on a machine where a new process's memory is slow to touch.
  ...mocksApart({
    test: {
      name: 'unit',
      // deploy/caddyfile.test.ts runs Debian's Caddy (.ci/run installs it) on the deployed proxy's file.
      include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'deploy/**/*.test.ts'],
      environment: 'node',
      // apps/api/src/cli/demo-seed.test.ts seeds a test app (helpers.ts createTestApp) on PGlite.
      globalSetup: ['apps/api/test/global-setup/pglite.ts'],
    },
  }),
  apiProject('api-pglite', 'pglite', { include: [API_TESTS], exclude: HEAVY_RELIABILITY }),
  ...(withPostgres
    ? [apiProject('api-postgres', 'postgres', { include: [API_TESTS], exclude: HEAVY_RELIABILITY })]
    : []),
];

export default defineConfig({
  test: {
    projects: reliabilityRun
      ? [apiProject('reliability', 'postgres', { include: HEAVY_RELIABILITY }, false)]
      : [...mainProjects, ...webProjects],
  },
});
