import { expect, type Page } from '@playwright/test';

/**
 * The page's content fits the width: nothing in <main> reaches past the viewport's edge, and no table's
 * scrolling region inside it has anything to scroll sideways (a table that does hides its last columns on a
 * phone). The header's own width is the layout's business.
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const edge = Math.max(...Array.from(main.querySelectorAll('*'), (e) => e.getBoundingClientRect().right));
    const regions = Array.from(main.querySelectorAll('.table-responsive'), (e) => e.scrollWidth - e.clientWidth);
    return {
      page: Math.max(main.scrollWidth - main.clientWidth, edge - document.documentElement.clientWidth),
      tables: Math.max(0, ...regions),
    };
  });
  expect(overflow.page, 'content reaching past the edge, px').toBeLessThanOrEqual(0);
  expect(overflow.tables, 'a table with columns to scroll to, px').toBe(0);
}
