import { test as base } from '@playwright/test';
import { serverUrl } from './servers.ts';

export { expect } from '@playwright/test';

/**
 * Playwright's `test`, with `baseURL` pointing at this worker's own server (helpers/servers.ts). Every journey
 * imports `test` from here; the contexts a journey opens itself (browser.newContext) get the same baseURL.
 */
export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    await use(serverUrl(testInfo.parallelIndex));
  },
});
