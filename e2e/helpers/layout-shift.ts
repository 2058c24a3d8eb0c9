import type { Page } from '@playwright/test';

declare global {
  interface Window {
    __layoutShift?: number;
  }
}

/**
 * From the page's next document on, adds up every layout shift the browser reports (input or not), as
 * Lighthouse's CLS counts a shift during the load even after a click.
 */
export async function trackLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__layoutShift! += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts added up so far on the current document, once the browser has drawn its pending frame. */
export async function layoutShiftOf(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() => setTimeout(() => resolve(window.__layoutShift ?? 0), 100)),
      ),
  );
}
