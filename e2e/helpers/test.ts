import { test as base, expect } from '@playwright/test';
import { recordUnexpectedShifts, shiftsByPage, type UnexpectedShift } from './layout-shift.ts';
import { recordPageProblems, type PageProblem } from './page-problems.ts';
import { serverUrl } from './servers.ts';

export { expect } from '@playwright/test';

/**
 * The most a page of a journey may move on its own, added up (the web's "good" cumulative layout shift). A button
 * that moves as something above it loads is pressed where it was and released where it is: no click, on a phone on a
 * slow connection more than anywhere (the success page's lost tap, 4789d26).
 */
export const MAX_LAYOUT_SHIFT = 0.1;

/**
 * Playwright's `test`, with `baseURL` pointing at this worker's own server (helpers/servers.ts). Every journey
 * imports `test` from here; the contexts a journey opens itself (browser.newContext) get the same baseURL.
 * Every page a journey opens in its own context is watched:
 * - for layout shifts that no tap or key caused: each page that moved is listed in the output, and the journey fails
 *   if one moved more than MAX_LAYOUT_SHIFT. A journey that names `layoutShifts` gets the shifts recorded so far;
 * - for the problems of helpers/page-problems.ts (an uncaught error, a console error or warning, a 5xx, a 401):
 *   the journey fails on any.
 */
export const test = base.extend<{ layoutShifts: UnexpectedShift[]; pageProblems: PageProblem[] }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    await use(serverUrl(testInfo.parallelIndex));
  },
  layoutShifts: [
    async ({ context }, use, testInfo) => {
      const shifts = await recordUnexpectedShifts(context);
      // A journey may also ask for them, to check one moment (the connection dropping) more strictly.
      await use(shifts);
      // The sandbox's checkout stands in for the payment provider's own page, which is not the app's.
      const pages = shiftsByPage(shifts).filter(({ path }) => !path.startsWith('/sandbox/'));
      for (const { path, total, moved } of pages)
        console.info(`[layout shift] ${testInfo.title}: ${path} ${total.toFixed(3)}\n  ${moved.join('\n  ')}`);
      const tooMuch = pages.filter((page) => page.total > MAX_LAYOUT_SHIFT);
      expect(tooMuch, `pages that moved more than ${MAX_LAYOUT_SHIFT} with nobody touching them`).toEqual([]);
    },
    { auto: true },
  ],
  pageProblems: [
    async ({ context, baseURL }, use) => {
      const problems = recordPageProblems(context, baseURL!);
      await use(problems);
      const listed = problems.map(({ path, kind, text }) => `${path}: ${kind}: ${text}`);
      expect(listed, 'uncaught errors, console errors or warnings, 5xx or 401 answers').toEqual([]);
    },
    { auto: true },
  ],
});
