import type { Page } from '@playwright/test';
import { expect, test } from '../helpers/test.ts';
import { newLearner } from '../helpers/accounts.ts';
import { registerThroughUi } from '../helpers/learning.ts';
import { snap } from '../helpers/screenshots.ts';

test.use({ viewport: { width: 360, height: 800 } });

/** lib/token-storage.ts storageKeys.pages and storageKeys.earlyRequests */
const KEPT_PAGES = '__pages';
const EARLY_REQUESTS = '__early_requests';

/** The reads the device noted for a page (lib/early-requests.ts), once the page's first reads are over. */
const notedReads = (page: Page, path: string) =>
  page.evaluate(
    ({ key, path }) =>
      (JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, { paths: string[] }>)[path]?.paths ?? [],
    { key: EARLY_REQUESTS, path },
  );

/** The query keys the device keeps, once the (throttled) save has run. */
const keptKeys = (page: Page) =>
  page.evaluate((key) => {
    const stored = localStorage.getItem(key);
    if (!stored) return [];
    const kept = JSON.parse(stored) as { clientState: { queries: { queryKey: unknown[] }[] } };
    return kept.clientState.queries.map((query) => String(query.queryKey[0]));
  }, KEPT_PAGES);

/**
 * Decision 029: a learner coming back on a connection that stalls sees the pages as they were last time
 * instead of a spinner, and the fresh data replaces them when it arrives; logging out forgets them.
 */
test('a returning learner on a stalled connection sees the wallet and dashboard as last seen', async ({ page }) => {
  const learner = newLearner();
  await registerThroughUi(page, learner);
  const welcome = page.getByRole('heading', { name: `Welcome, ${learner.firstName}!` });
  const wallet = [page.getByText('Total Balance'), page.getByText('₹0.00'), page.getByText('No transactions yet.')];

  // The dashboard is kept (saving waits up to a second), then the wallet.
  await expect.poll(() => keptKeys(page)).toEqual(expect.arrayContaining(['me', 'ads']));
  await page.goto('/wallet');
  for (const text of wallet) await expect(text).toBeVisible();
  await expect.poll(() => keptKeys(page)).toEqual(expect.arrayContaining(['me', 'ads', 'transactions']));

  // The API stops answering (the app's files still come from the cache and the server).
  const stalled: (() => void)[] = [];
  await page.route('**/live-connect/api/**', (route) => {
    stalled.push(() => void route.continue().catch(() => undefined));
  });
  await page.reload();
  for (const text of wallet) await expect(text).toBeVisible();
  await expect(page.getByRole('link', { name: 'Wallet' })).toBeVisible();
  expect(stalled.length, 'the page did ask for fresh data').toBeGreaterThan(0);
  await snap(page, 'returning-wallet-stalled-360');

  await page.goto('/dashboard');
  await expect(welcome).toBeVisible();
  await expect(page.getByRole('img', { name: 'Advertisement' })).toBeVisible();
  await snap(page, 'returning-dashboard-stalled-360');

  // The connection comes back: the waiting requests go through and the page carries on.
  await page.unroute('**/live-connect/api/**');
  stalled.splice(0).forEach((resume) => resume());
  await page.goto('/wallet');
  for (const text of wallet) await expect(text).toBeVisible();

  // Logout forgets the kept pages with the session.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page
    .getByRole('button', { name: 'Logout' })
    .or(page.getByRole('menuitem', { name: 'Logout' }))
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), KEPT_PAGES)).toBeNull();
});

/**
 * Decision 030: a page's HTML starts the reads it made last time before the app's code has arrived, and the app
 * takes those answers instead of asking again; logging out forgets the noted reads.
 */
test("a returning learner's dashboard starts its reads from the page's HTML, each asked once", async ({ page }) => {
  const learner = newLearner();
  await registerThroughUi(page, learner);
  // A full load of the dashboard notes its reads (the client-side visit after registering has no early script).
  await page.goto('/dashboard');
  await expect.poll(() => notedReads(page, '/dashboard')).toEqual(expect.arrayContaining(['/me', '/ads']));
  const noted = await notedReads(page, '/dashboard');

  // Who started each API request: the early script's file, or the app's.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const started: { path: string; by: string }[] = [];
  cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
    const path = new URL(request.url).pathname.split('/live-connect/api')[1];
    if (path === undefined || request.method !== 'GET') return;
    const frames = [initiator.stack, initiator.stack?.parent].flatMap((stack) => stack?.callFrames ?? []);
    started.push({ path, by: frames.map((frame) => frame.url.split('/').pop()).join(' ') });
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: `Welcome, ${learner.firstName}!` })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Advertisement' })).toBeVisible();
  const untaken = () =>
    page.evaluate(
      () => (window as { __earlyRequests?: { responses: Map<string, unknown> } }).__earlyRequests?.responses.size,
    );
  await expect.poll(untaken, 'the app took every early answer').toBe(0);

  const early = started.filter((request) => /early-requests-/.test(request.by)).map((request) => request.path);
  expect(early.sort(), 'every noted read was started by the early script').toEqual([...noted].sort());
  for (const path of noted) {
    expect(
      started.filter((request) => request.path === path),
      `${path} asked once`,
    ).toHaveLength(1);
  }

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page
    .getByRole('button', { name: 'Logout' })
    .or(page.getByRole('menuitem', { name: 'Logout' }))
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), EARLY_REQUESTS)).toBeNull();
});
