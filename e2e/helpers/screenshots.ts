import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const dir = fileURLToPath(new URL('../screenshots/', import.meta.url));

/** Saves a full-page screenshot to e2e/screenshots/<name>.png (gitignored) for a person to look at. */
export async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${dir}${name}.png`, fullPage: true });
}
