import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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
