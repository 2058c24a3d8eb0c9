import type { Page } from '@playwright/test';
import { expect, test } from '../helpers/test.ts';
import { logOutThroughMenu, newLearner } from '../helpers/accounts.ts';
import { registerThroughUi } from '../helpers/learning.ts';
import { snap } from '../helpers/screenshots.ts';

test.use({ viewport: { width: 360, height: 800 } });

/** lib/token-storage.ts storageKeys.pages */
const KEPT_PAGES = '__pages';

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
  await logOutThroughMenu(page);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), KEPT_PAGES)).toBeNull();
});
