import { test as base, expect, type BrowserContext, type BrowserContextOptions } from '@playwright/test';
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

/** What is recorded of one browser context of a journey. */
interface Watched {
  shifts: UnexpectedShift[];
  problems: PageProblem[];
}

async function watch(context: BrowserContext, serverOrigin: string): Promise<Watched> {
  return { shifts: await recordUnexpectedShifts(context), problems: recordPageProblems(context, serverOrigin) };
}

/**
 * Playwright's `test`, with `baseURL` pointing at this worker's own server (helpers/servers.ts). Every journey
 * imports `test` from here. Every page of the journey's context, and of each context it opens with `newContext` (a
 * second person: the operator, a friend, a guardian; same baseURL), is watched:
 * - for layout shifts that no tap or key caused: each page that moved is listed in the output, and the journey fails
 *   if one moved more than MAX_LAYOUT_SHIFT. A journey that names `layoutShifts` gets its own context's shifts so far;
 * - for the problems of helpers/page-problems.ts (an uncaught error, a console error or warning, a 5xx, a 401):
 *   the journey fails on any (decision 037).
 */
export const test = base.extend<{
  watched: Watched[];
  layoutShifts: UnexpectedShift[];
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
}>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    await use(serverUrl(testInfo.parallelIndex));
  },
  watched: [
    async ({ context, baseURL }, use, testInfo) => {
      const watched = [await watch(context, baseURL!)];
      await use(watched);
      // The sandbox's checkout stands in for the payment provider's own page, which is not the app's.
      // Each person's pages apart: two people on /courses are two pages, not one that moved twice as much.
      const pages = watched
        .flatMap(({ shifts }) => shiftsByPage(shifts))
        .filter(({ path }) => !path.startsWith('/sandbox/'));
      for (const { path, total, moved } of pages)
        console.info(`[layout shift] ${testInfo.title}: ${path} ${total.toFixed(3)}\n  ${moved.join('\n  ')}`);
      const tooMuch = pages.filter((page) => page.total > MAX_LAYOUT_SHIFT);
      expect(tooMuch, `pages that moved more than ${MAX_LAYOUT_SHIFT} with nobody touching them`).toEqual([]);
      const problems = watched.flatMap((each) =>
        each.problems.map(({ path, kind, text }) => `${path}: ${kind}: ${text}`),
      );
      expect(problems, 'uncaught errors, console errors or warnings, 5xx or 401 answers').toEqual([]);
    },
    { auto: true },
  ],
  // A journey may also ask for the shifts, to check one moment (the connection dropping) more strictly.
  layoutShifts: async ({ watched }, use) => {
    await use(watched[0]!.shifts);
  },
  newContext: async ({ browser, watched, baseURL }, use) => {
    await use(async (options) => {
      const context = await browser.newContext(options);
      watched.push(await watch(context, baseURL!));
      return context;
    });
  },
});
