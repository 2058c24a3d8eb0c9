import { expect, type Page } from '@playwright/test';

/**
 * The page fits the window's width (WCAG 1.4.10, Reflow, which axe does not check; `expectAccessible` runs this at
 * every screen): nothing makes the page scroll sideways, which on a phone moves the whole page under the thumb, and no
 * table's scrolling region has columns to scroll to (a table that does hides its last columns on a phone). A failure
 * names the outermost elements that stick out: their box, or their content where it overflows the box (a word too
 * long for its line).
 */
export async function expectNoSidewaysScroll(page: Page, screen = new URL(page.url()).pathname): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const stickingOut: string[] = [];
    if (document.documentElement.scrollWidth > width) {
      stickingOut.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${width} px window`);
      for (const element of document.body.querySelectorAll('*')) {
        const box = element.getBoundingClientRect();
        const right = box.left + Math.max(box.width, element.scrollWidth);
        if (box.width === 0 || right <= width + 1) continue;
        const parent = element.parentElement?.getBoundingClientRect();
        if (parent && parent.right > width + 1) continue;
        const classes = typeof element.className === 'string' ? element.className.trim().split(/\s+/).slice(0, 3) : [];
        const words = (element.textContent ?? '').trim().slice(0, 30);
        stickingOut.push(
          `${[element.tagName.toLowerCase(), ...classes].join('.')} "${words}" to ${Math.round(right)} px`,
        );
      }
    }
    const regions = Array.from(document.querySelectorAll('.table-responsive'), (e) => e.scrollWidth - e.clientWidth);
    return { stickingOut: stickingOut.slice(0, 6), tables: Math.max(0, ...regions) };
  });
  expect(overflow.stickingOut, `what is wider than the window on ${screen}`).toEqual([]);
  expect(overflow.tables, `a table with columns to scroll to on ${screen}, px`).toBe(0);
}
