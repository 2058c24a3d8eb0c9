import { expect, type Page } from '@playwright/test';

/**
 * The page fits the window's width (WCAG 1.4.10, Reflow, which axe does not check; `expectAccessible` runs this at
 * every screen): nothing makes the page scroll sideways, which on a phone moves the whole page under the thumb, and no
 * table's scrolling region has columns to scroll to (a table that does hides its last columns on a phone; the
 * operator console's wide tables may, `tablesMayScroll`). A failure
 * names the outermost elements that stick out: their box, or their content where it overflows the box (a word too
 * long for its line).
 */
export async function expectNoSidewaysScroll(
  page: Page,
  screen = new URL(page.url()).pathname,
  { tablesMayScroll = false } = {},
): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    /**
     * Whether a scrolling (or hidden) region holds `element` in: an ancestor that clips, on its containing-block
     * chain. An absolutely positioned element (Bootstrap's visually-hidden text) escapes a region that is not
     * positioned and stretches the page.
     */
    const isClipped = (element: Element) => {
      let position = getComputedStyle(element).position;
      for (
        let ancestor = element.parentElement;
        ancestor && ancestor !== document.body;
        ancestor = ancestor.parentElement
      ) {
        const style = getComputedStyle(ancestor);
        if (position === 'fixed') return false;
        const holdsIt = position !== 'absolute' || style.position !== 'static' || style.transform !== 'none';
        if (!holdsIt) continue;
        if (style.overflowX !== 'visible') return true;
        position = style.position;
      }
      return false;
    };
    const stickingOut: Element[] = [];
    if (document.documentElement.scrollWidth > width) {
      for (const element of document.body.querySelectorAll('*')) {
        const box = element.getBoundingClientRect();
        // Its box, or its content where that overflows the box (a word too long for its line).
        const clips = getComputedStyle(element).overflowX !== 'visible';
        const right = box.left + (clips ? box.width : Math.max(box.width, element.scrollWidth));
        if (box.width > 0 && right > width + 1 && !isClipped(element)) stickingOut.push(element);
      }
    }
    const named = stickingOut
      .filter((element) => !stickingOut.includes(element.parentElement!))
      .slice(0, 5)
      .map((element) => {
        const classes = typeof element.className === 'string' ? element.className.trim().split(/\s+/).slice(0, 3) : [];
        const words = (element.textContent ?? '').trim().slice(0, 30);
        return `${[element.tagName.toLowerCase(), ...classes].join('.')} "${words}" to ${Math.round(element.getBoundingClientRect().right)} px`;
      });
    if (stickingOut.length)
      named.unshift(`the page is ${document.documentElement.scrollWidth} px wide in a ${width} px window`);
    const regions = Array.from(document.querySelectorAll('.table-responsive'), (e) => e.scrollWidth - e.clientWidth);
    return { stickingOut: named, tables: Math.max(0, ...regions) };
  });
  expect(overflow.stickingOut, `what is wider than the window on ${screen}`).toEqual([]);
  if (!tablesMayScroll) expect(overflow.tables, `a table with columns to scroll to on ${screen}, px`).toBe(0);
}
