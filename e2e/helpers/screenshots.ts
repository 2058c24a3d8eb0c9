import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const dir = fileURLToPath(new URL('../screenshots/', import.meta.url));

/**
 * The journeys' screenshots are for a person to look at, never a check, so they are taken only when asked for
 * (`E2E_SCREENSHOTS=1 npm run test:e2e`): the hundred full-page captures of a run cost 1.5-3% of the journeys' CPU
 * on a quiet machine (docs/benchmarks.md, "Test time").
 */
const wanted = process.env.E2E_SCREENSHOTS === '1';

/** Saves a full-page screenshot to e2e/screenshots/<name>.png (gitignored), with E2E_SCREENSHOTS=1. */
export async function snap(page: Page, name: string): Promise<void> {
  if (!wanted) return;
  await page.screenshot({ path: `${dir}${name}.png`, fullPage: true });
}

/**
 * The page as the journey's phone shows it (`<name>-360`) and as a 1,280 px desktop does (`<name>-1280`), back at the
 * phone's size after; with E2E_SCREENSHOTS=1.
 */
export async function snapPhoneAndDesktop(page: Page, name: string): Promise<void> {
  if (!wanted) return;
  const phone = page.viewportSize();
  if (!phone) throw new Error('snapPhoneAndDesktop needs a page with a fixed viewport.');
  await snap(page, `${name}-${phone.width}`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await snap(page, `${name}-1280`);
  await page.setViewportSize(phone);
}

/** Keeps a file the journey downloaded (an invoice, a certificate) in e2e/screenshots/<name>, with E2E_SCREENSHOTS=1. */
export function keepDownload(name: string, body: Buffer): void {
  if (!wanted) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}${name}`, body);
}
