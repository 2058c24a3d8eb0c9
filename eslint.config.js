import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

const WEB = 'apps/web/src';
const ADMIN = `${WEB}/features/admin`;
/** admin's own shared code, open to its sections; every other folder of it is a section. */
const ADMIN_SHARED = ['api', 'components', 'utils'];
const foldersOf = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * A feature imports shared code (components, lib, config, …) and itself, never another feature:
 * app/ composes features. admin's sections are features in the same sense, sharing admin's
 * components and utils. Shared code imports no feature. No exceptions (issue 18).
 */
const webBoundaries = [
  ...foldersOf(`${WEB}/features`).map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message:
      'A feature may not import another feature: move the shared piece to shared code, or compose the two in app/.',
  })),
  ...foldersOf(ADMIN)
    .filter((section) => !ADMIN_SHARED.includes(section))
    .map((section) => ({
      target: `${ADMIN}/${section}`,
      from: ADMIN,
      except: [`./${section}`, ...ADMIN_SHARED.map((shared) => `./${shared}`)],
      message:
        'An admin section may not import another: move the shared piece to admin/api, admin/components or admin/utils, or to shared code.',
    })),
  {
    target: foldersOf(WEB)
      .filter((folder) => !['app', 'features'].includes(folder))
      .map((folder) => `${WEB}/${folder}`),
    from: `${WEB}/features`,
    message: 'Shared code may not import a feature: app/ composes features.',
  },
];

const API = 'apps/api/src';
const SERVICES = `${API}/services`;
const below = (lower, upper, remedy) => ({
  target: `${SERVICES}/${lower}`,
  from: `${SERVICES}/${upper}`,
  message: `${lower} is below ${upper}: ${remedy}`,
});

/** Service folders whose loops were broken (issue 18): the lower one may not import the upper again. */
const apiLayers = [
  below('mail', 'accounts', 'pass what the mail needs instead.'),
  below('audit', 'admin', 'shared pieces go to lib/.'),
  below('database', 'catalogue', 'the caches it builds live in database/.'),
  below('database', 'accounts', 'the session type lives in database/session-cache.ts.'),
  below('certificates', 'quiz', 'the passed-quiz rule lives in certificates/.'),
  below('purchases', 'quiz', 'a refund takes Quiz Points back through wallet/.'),
  below('video', 'learning', "a learner's HLS links and files are learning's."),
  below('referrals', 'purchases', 'onPurchasePaid names what it reads of a paid purchase.'),
  below('invoices', 'payments', 'signaturesMatch lives in lib/crypto.ts.'),
];

/**
 * A services folder is entered through its index.ts from anywhere else in the API (issue 18): its
 * other files are its own. Inside the folder, files import each other directly.
 */
const apiEntries = foldersOf(SERVICES).map((service) => ({
  target: [
    ...readdirSync(API)
      .filter((name) => name !== 'services')
      .map((name) => `${API}/${name}`),
    ...readdirSync(SERVICES)
      .filter((name) => name !== service)
      .map((name) => `${SERVICES}/${name}`),
  ],
  from: `${SERVICES}/${service}`,
  except: ['./index.ts'],
  message: `Import services/${service} through its entry, services/${service}/index.ts (export what you need there).`,
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/migrations/**', 'e2e/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Import cycles anywhere: a module's imports must not lead back to it, types included.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x skips the TypeScript files an import leads to and sees no cycle.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Packages cannot import back into the project: their files are neither parsed nor walked.
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          alias: { '@': [`${import.meta.dirname}/${WEB}`] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webBoundaries }],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-bootstrap/Modal',
              message: "Import { Modal } from '@/components/ui/modal': it mounts a dialog when first shown.",
            },
          ],
        },
      ],
    },
  },
  {
    // The one place that wraps it (and its test, which compares the two).
    files: [`${WEB}/components/ui/modal.tsx`, `${WEB}/components/ui/modal.test.tsx`],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Each journey worker talks to its own server (e2e/helpers/servers.ts): only helpers/test.ts's `test` knows which.
    files: ['e2e/journeys/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import test from '../helpers/test.ts': it points baseURL at this worker's own server.",
            },
          ],
        },
      ],
      // A second person's browser is watched like the first (decision 037).
      'no-restricted-properties': [
        'error',
        {
          object: 'browser',
          property: 'newContext',
          message: "Use the newContext fixture of '../helpers/test.ts': it watches the context's pages too.",
        },
      ],
    },
  },
  {
    files: [`${API}/**/*.ts`],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...apiLayers, ...apiEntries] }] },
  },
);
