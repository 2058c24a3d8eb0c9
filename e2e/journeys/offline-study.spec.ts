import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, test } from '../helpers/test.ts';
import { newLearner } from '../helpers/accounts.ts';
import { expectAccessible } from '../helpers/axe.ts';
import { expandTerm, openCheckout, registerThroughUi } from '../helpers/learning.ts';
import { snapPhoneAndDesktop } from '../helpers/screenshots.ts';

// The free course of the demo seed; its first chapter is a two-page PDF.
const course = 'India and the World: General Knowledge';
const chapter = 'Geography of India';

const phone = { width: 360, height: 800 };

test.use({ viewport: phone });

/** A new learner with the free course, on its page. */
async function enrol(page: Page): Promise<void> {
  await registerThroughUi(page, newLearner());
  // Nothing to pay. (At 360 px the side menu is a drawer: straight to Courses.)
  await page.goto('/courses');
  await openCheckout(page, course);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to My Course' }).click();
  await page
    .getByRole('article', { name: course })
    .getByRole('link', { name: `View More: ${course}` })
    .click();
  await expect(page).toHaveURL(/\/learn-more\/\d+$/);
}

test('a learner reads a PDF chapter in the reader, saves it, and studies it offline', async ({
  page,
  context,
  layoutShifts,
}) => {
  test.setTimeout(180_000);
  await enrol(page);

  // The PDF in the reader (pdf.js draws on a canvas), fitted to the phone's width; the next page.
  await page.getByRole('button', { name: new RegExp(chapter) }).click();
  const reader = page.getByRole('region', { name: `PDF: ${chapter}` });
  await expect(reader.locator('.pdf-toolbar').getByText('Page 1 of 2')).toBeVisible();
  const canvas = reader.locator('canvas').first();
  await expect(canvas).toBeVisible();
  const box = (await canvas.boundingBox())!;
  expect(box.width).toBeGreaterThan(250);
  expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
  await reader.getByRole('button', { name: 'Next page' }).click();
  await expect(reader.locator('.pdf-toolbar').getByText('Page 2 of 2')).toBeVisible();
  await expect(canvas).toBeVisible();
  await snapPhoneAndDesktop(page, 'offline-pdf-reader');
  await expectAccessible(page, 'PDF reader');

  // Saved for offline: the file, the reader's code (pdf.js and its worker) and the worker that opens the app offline.
  await page.getByRole('button', { name: 'Download for offline' }).click();
  await expect(page.getByText(/Saved for offline \(\d+ KB\)/)).toBeVisible();
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const cache = await caches.open('pdf-reader');
        return (await cache.keys()).map((request) => new URL(request.url).pathname).sort();
      }),
    )
    .toEqual([
      expect.stringMatching(/^\/assets\/pdf-reader-[\w-]+\.js$/),
      expect.stringMatching(/^\/assets\/pdf\.worker-[\w-]+\.js$/),
    ]);

  await page.goto('/downloads');
  const saved = page.getByRole('article', { name: chapter });
  await expect(saved).toContainText(/PDF · \d+ KB/);
  await expect(page.getByText(/Saved chapters use \d+ KB/)).toBeVisible();
  await snapPhoneAndDesktop(page, 'offline-downloads');
  await expectAccessible(page, 'downloads');

  // The connection drops while the page is open: the notice comes over the bottom of the window and nothing on the
  // page moves (in the flow, above the page, it pushed everything down 59 px, and up again when the connection came back).
  const offlineNotice = page.getByText('You are offline. Chapters you saved for offline are in Downloads.');
  const shiftsBefore = layoutShifts.length;
  await context.setOffline(true);
  await expect(offlineNotice).toBeVisible();
  // The browser reports a shift after the frame that drew it.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(layoutShifts.slice(shiftsBefore), 'what moved when the connection dropped').toEqual([]);

  // Offline: the shell opens from the worker, says it is offline, and lists the chapter.
  await page.reload();
  await expect(offlineNotice).toBeVisible();
  await expect(saved).toBeVisible();
  await snapPhoneAndDesktop(page, 'offline-notice');

  // The PDF opens from the device, at the page the learner reached online.
  await saved.getByRole('button', { name: 'Open' }).click();
  const offlineReader = page.getByRole('region', { name: `PDF: ${chapter}` });
  await expect(offlineReader.locator('.pdf-toolbar').getByText('Page 2 of 2')).toBeVisible();
  await expect(offlineReader.locator('canvas').first()).toBeVisible();
  await offlineReader.getByRole('button', { name: 'Previous page' }).click();
  await expect(offlineReader.locator('.pdf-toolbar').getByText('Page 1 of 2')).toBeVisible();
  await snapPhoneAndDesktop(page, 'offline-reader-from-device');

  // Pages that need the server say so at once, with a Retry, instead of spinning.
  await page.goto('/learn');
  await expect(page.getByText('Could not load this page. Check your connection and try again.')).toBeVisible({
    timeout: 5_000,
  });
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
  await snapPhoneAndDesktop(page, 'offline-load-error');
  await expectAccessible(page, 'load error offline');

  // Retry while still offline says the same again; back online, the page loads by itself.
  await page.getByRole('button', { name: 'Retry', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Retry', exact: true })).toBeEnabled();
  await expect(page.getByText('Could not load this page. Check your connection and try again.')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('article', { name: course })).toBeVisible();

  // Removed: gone from Downloads.
  await page.goto('/downloads');
  await page.getByRole('button', { name: `Remove ${chapter}` }).click();
  await expect(page.getByText('No chapters saved for offline yet.')).toBeVisible();
});

/** The server transcodes with ffmpeg and ffprobe; without them no chapter has HLS renditions. */
function hasFfmpeg(): boolean {
  try {
    execFileSync('ffprobe', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

test('a learner saves a video chapter at 240p and plays it offline', async ({ page, context }) => {
  test.skip(!hasFfmpeg(), 'needs ffmpeg and ffprobe to transcode the seed videos');
  test.setTimeout(240_000);
  const video = 'India in Space';
  await enrol(page);
  await expandTerm(page, 'Term 2: Our World');
  await page.getByRole('button', { name: new RegExp(video) }).click();

  // The server transcodes the seed's videos when it starts; the chapter offers the download once its
  // renditions are ready, so the page is reloaded until it does. After a reload the page reopens the chapter studied
  // last, but only once its opening has been recorded (CI of dd98f5f: every reload showed term 1 with nothing open);
  // when it does, the chapter covers the list at 360 px, and a click on the list would wait forever (CI of a384276).
  // So the chapter is opened by hand only when it has not reopened, and no step waits longer than a few seconds.
  const save = page.getByRole('button', { name: 'Download for offline (240p)' });
  const openChapter = page.getByRole('region', { name: 'Chapter' }).getByRole('heading', { name: video });
  await expect(async () => {
    if (await save.isVisible()) return;
    await page.reload();
    const reopened = await openChapter.waitFor({ timeout: 3_000 }).then(
      () => true,
      () => false,
    );
    if (!reopened) {
      await expandTerm(page, 'Term 2: Our World', { timeout: 5_000 });
      await page.getByRole('button', { name: new RegExp(video) }).click({ timeout: 5_000 });
    }
    await expect(save).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 180_000, intervals: [2_000] });
  await save.click();
  await expect(page.getByText(/Saved for offline \(\d+(\.\d)? (KB|MB)\)/)).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);

  await page.goto('/downloads');
  const saved = page.getByRole('article', { name: video });
  await expect(saved).toContainText('Video (240p)');

  // Offline: played from the stored segments.
  await context.setOffline(true);
  await page.reload();
  await saved.getByRole('button', { name: 'Open' }).click();
  const player = page.locator('video');
  await expect
    .poll(() => player.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);
  await player.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(0.5);
  await snapPhoneAndDesktop(page, 'offline-video-from-device');
  await page.getByRole('link', { name: 'Back to Downloads' }).click();
  await page.getByRole('button', { name: `Remove ${video}` }).click();
  await expect(page.getByText('No chapters saved for offline yet.')).toBeVisible();
});
