import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from '@playwright/test';

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

/** One layout shift the browser did not put down to the learner's input (a tap, a key) in the last 500 ms. */
export interface UnexpectedShift {
  /** The page's path when it moved: one document holds several pages of the app. */
  path: string;
  /** Its share of the viewport that moved, times how far (the layout-shift entry's `value`, as CLS adds them). */
  value: number;
  /** What moved, and from where to where: tag, class, first words, top and height before and after. */
  moved: string[];
}

/**
 * From now on, every layout shift that no input caused on any page of `context`, in every document it loads: a
 * binding carries each one out of the page as it happens, so a navigation loses none.
 */
export async function recordUnexpectedShifts(context: BrowserContext): Promise<UnexpectedShift[]> {
  const shifts: UnexpectedShift[] = [];
  await context.exposeBinding('__unexpectedShift', (_source, shift: UnexpectedShift) => {
    shifts.push(shift);
  });
  await context.addInitScript(() => {
    interface ShiftEntry extends PerformanceEntry {
      value: number;
      hadRecentInput: boolean;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    }
    const named = (node: Node | null) => {
      const element = node instanceof Element ? node : node?.parentElement;
      if (!element) return node?.nodeName ?? '(removed)';
      const classes = typeof element.className === 'string' ? element.className.trim().split(/\s+/).slice(0, 3) : [];
      const words = (element.textContent ?? '').trim().slice(0, 40);
      return `${[element.tagName.toLowerCase(), ...classes].join('.')} "${words}"`;
    };
    const report = (window as unknown as { __unexpectedShift: (shift: UnexpectedShift) => void }).__unexpectedShift;
    // A window resized (a phone turned, or a journey's setViewportSize) moves everything, and the browser does not count
    // it as input: its shifts are left out for half a second, as an input's are.
    let resizedAt = -Infinity;
    addEventListener('resize', () => (resizedAt = performance.now()));
    // So does a language picked in the picker: the app switches once the language's texts and font have loaded
    // (lib/i18n.ts applyLanguage, then `<html lang>`), which on a loaded machine is more than the browser's 500 ms
    // after the tap (a CI run counted a Malayalam page redrawn in English as 0.26). Its shifts are the tap's result.
    let languageAt = -Infinity;
    // The document, not <html>: an init script runs before <html> exists.
    new MutationObserver((records) => {
      if (records.some((record) => record.target === document.documentElement)) languageAt = performance.now();
    }).observe(document, { attributes: true, attributeFilter: ['lang'], subtree: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as ShiftEntry[]) {
        if (entry.hadRecentInput || entry.startTime - resizedAt < 500 || entry.startTime - languageAt < 500) continue;
        void report({
          path: location.pathname,
          value: entry.value,
          moved: entry.sources.map(
            ({ node, previousRect: before, currentRect: after }) =>
              `${named(node)}: top ${Math.round(before.y)} → ${Math.round(after.y)} px, ` +
              `height ${Math.round(before.height)} → ${Math.round(after.height)} px`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return shifts;
}

/** The shifts added up by page (path), largest first. */
export function shiftsByPage(shifts: UnexpectedShift[]): { path: string; total: number; moved: string[] }[] {
  const pages = new Map<string, { path: string; total: number; moved: string[] }>();
  for (const shift of shifts) {
    const page = pages.get(shift.path) ?? { path: shift.path, total: 0, moved: [] };
    page.total += shift.value;
    page.moved.push(...shift.moved);
    pages.set(shift.path, page);
  }
  return [...pages.values()].sort((a, b) => b.total - a.total);
}

const HOP_HEADERS = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'accept-encoding']);

/**
 * A proxy in front of `upstream` that sends a pre-rendered page's HTML in two parts, half of #root, a pause,
 * then the rest: what a slow phone's parser or network does to a page, every time. Everything else passes as it is.
 */
export async function startStallingProxy(upstream: string, pauseMs = 600): Promise<{ url: string; close(): void }> {
  const server = createServer((request, response) => {
    void (async () => {
      // Hop-by-hop headers stay on this hop; the body is asked for plain, to be cut in two.
      const asked = Object.entries(request.headers).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && !HOP_HEADERS.has(entry[0]),
      );
      const answer = await fetch(`${upstream}${request.url}`, {
        headers: [...asked, ['accept-encoding', 'identity']],
        redirect: 'manual',
      });
      const headers = Object.fromEntries(
        [...answer.headers].filter(([name]) => name !== 'content-length' && !HOP_HEADERS.has(name)),
      );
      response.writeHead(answer.status, headers);
      const body = Buffer.from(await answer.arrayBuffer());
      const html = body.toString('utf8');
      const root = html.indexOf('<div id="root" data-prerendered>');
      if (!headers['content-type']?.startsWith('text/html') || root < 0) {
        response.end(body);
        return;
      }
      const middle = root + Math.floor((html.lastIndexOf('</body>') - root) / 2);
      response.write(html.slice(0, middle));
      await new Promise((done) => setTimeout(done, pauseMs));
      response.end(html.slice(middle));
    })().catch((error: unknown) => response.destroy(error as Error));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}
