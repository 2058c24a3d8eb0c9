import { expect, type Page } from '@playwright/test';

/** The seeded accounts the journeys use: the seed's own constants, so the two never drift apart. */
export { DEMO_LEARNER, DEMO_REFERRED_LEARNERS } from '../../packages/db/src/seed/content/accounts.ts';

/** A new learner's details, unique per run. */
export function newLearner() {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return {
    firstName: 'Meera',
    lastName: 'Krishnan',
    email: `meera.${id}@example.com`,
    mobile: `98${String(Date.now()).slice(-8)}`,
    password: 'Learn@2024',
  };
}

/** Signs in on /login with `email` and `password`; ends on the dashboard. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/(dashboard)?$/);
}

/** Picks a language by its own name ('हिन्दी') in the header's picker, whatever the page's language now. */
export async function pickLanguage(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: /^(Language|भाषा|ഭാഷ)/ }).click();
  await page.getByRole('button', { name }).click();
}

/** Logs out through the header's account menu and lands on the sign-in page. */
export async function logOutThroughMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page
    .getByRole('button', { name: 'Logout' })
    .or(page.getByRole('menuitem', { name: 'Logout' }))
    .click();
  await expect(page).toHaveURL(/\/login$/);
}
