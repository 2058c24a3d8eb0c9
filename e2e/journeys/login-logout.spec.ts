import { expect, test } from '../helpers/test.ts';
import { DEMO_LEARNER } from '../helpers/accounts.ts';
import { expectAccessible } from '../helpers/axe.ts';
import { layoutShiftOf, startStallingProxy, trackLayoutShifts } from '../helpers/layout-shift.ts';
import { snap } from '../helpers/screenshots.ts';

test('the pre-rendered pages do not move while they load or when the app takes them over', async ({
  page,
  baseURL,
}) => {
  await trackLayoutShifts(page);
  // The HTML arrives in two parts, as on a slow phone: a page drawn half-parsed would move as the rest came in.
  const proxy = await startStallingProxy(baseURL!);
  try {
    // A phone and a tall desktop window (Lighthouse's): on both the card's column is shorter than the screen.
    for (const size of [
      { width: 360, height: 740 },
      { width: 1350, height: 940 },
    ]) {
      await page.setViewportSize(size);
      for (const path of ['/login', '/register', '/forgot-password']) {
        await page.goto(`${proxy.url}${path}`);
        // The form's fieldset is disabled until React has hydrated the page (HydrationGate).
        await expect(page.locator('fieldset.hydration-gate')).toBeEnabled();
        const where = `${path} at ${size.width}×${size.height}`;
        expect(await layoutShiftOf(page), `${where}: layout shift from the first paint to the hydrated page`).toBe(0);
      }
    }
  } finally {
    proxy.close();
  }
});

test('the demo learner signs in, reaches the dashboard and logs out', async ({ page }) => {
  // Every page's first script starts a worker that builds the money and date formats off the main thread
  // (apps/web/src/warm-intl.ts); the worker ends once they are built.
  let isWarmUpDone = false;
  page.on('worker', (worker) => {
    if (/\/assets\/intl-warm-up\.worker-[\w-]+\.js$/.test(worker.url()))
      worker.on('close', () => (isWarmUpDone = true));
  });

  // A signed-out person opening an app page lands on /login.
  await page.goto('/wallet');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email Address', { exact: true })).toBeVisible();
  await snap(page, 'login-validation');
  await expectAccessible(page, 'login with its validation messages');

  await page.getByLabel('Email', { exact: true }).fill(DEMO_LEARNER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_LEARNER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(/\/(dashboard)?$/);
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'My Courses' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Wallet' })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('__token'));
  expect(token).toBeTruthy();
  await snap(page, 'dashboard-demo');
  await expect.poll(() => isWarmUpDone, { message: 'the Intl warm-up worker ran and ended' }).toBe(true);
  await expectAccessible(page, 'dashboard');

  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(
    page.getByRole('menuitem', { name: 'Profile' }).or(page.getByRole('link', { name: 'Profile' })),
  ).toBeVisible();
  await expectAccessible(page, 'dashboard with the account menu open');
  await page
    .getByRole('button', { name: 'Logout' })
    .or(page.getByRole('menuitem', { name: 'Logout' }))
    .click();

  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('__token'))).toBeNull();
  // The old session is gone: app pages send the visitor back to /login.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await snap(page, 'after-logout');
});
