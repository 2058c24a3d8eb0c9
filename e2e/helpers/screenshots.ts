import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const dir = fileURLToPath(new URL('../screenshots/', import.meta.url));

/** Saves a full-page screenshot to e2e/screenshots/<name>.png (gitignored) for a person to look at. */
export async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${dir}${name}.png`, fullPage: true });
}

/**
 * The page as the journey's phone shows it (`<name>-360`) and as a 1,280 px desktop does (`<name>-1280`), back at the
 * phone's size after.
 */
export async function snapPhoneAndDesktop(page: Page, name: string): Promise<void> {
  const phone = page.viewportSize();
  if (!phone) throw new Error('snapPhoneAndDesktop needs a page with a fixed viewport.');
  await snap(page, `${name}-${phone.width}`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await snap(page, `${name}-1280`);
  await page.setViewportSize(phone);
}
