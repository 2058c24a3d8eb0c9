import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../helpers/test.ts';
import { newLearner } from '../helpers/accounts.ts';
import { expectAccessible } from '../helpers/axe.ts';
import { openAdminSection, openConsoleAsAdmin } from '../helpers/admin.ts';
import { openCheckout, openCourses, registerThroughUi } from '../helpers/learning.ts';
import { snap } from '../helpers/screenshots.ts';

/** A 6-second 1280x720 MP4 with sound, made by Debian's ffmpeg, as an operator would upload. */
function lectureMp4(): { name: string; mimeType: string; buffer: Buffer } {
  const out = join(mkdtempSync(join(tmpdir(), 'e2e-video-')), 'lecture.mp4');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=1280x720:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    '6',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    out,
  ]);
  return { name: 'lecture.mp4', mimeType: 'video/mp4', buffer: readFileSync(out) };
}

test('an admin uploads an MP4 with a progress bar, it is transcoded, and a learner plays it as HLS and switches quality', async ({
  newContext,
}) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36);
  const course = `Light and Sound ${tag}`;
  const chapter = 'Waves on video';

  // The admin: a free course with one term and one video chapter.
  const adminContext = await newContext();
  const admin = await adminContext.newPage();
  await openConsoleAsAdmin(admin);
  await openAdminSection(admin, 'Courses');
  await admin.getByRole('link', { name: 'New course' }).click();
  const form = admin.getByRole('form', { name: 'New course' });
  await form.getByLabel('Name', { exact: true }).fill(course);
  await form.getByLabel('About', { exact: true }).fill('Waves you can see and hear.');
  await form.getByLabel('Price (₹)', { exact: true }).fill('0');
  await form.getByLabel('Offer price (₹)', { exact: true }).fill('0');
  await form.getByRole('button', { name: 'Create course' }).click();
  await expect(admin.getByText('Course created.')).toBeVisible();
  await admin.getByRole('button', { name: 'Add term' }).click();
  const termDialog = admin.getByRole('dialog', { name: 'Add a term' });
  await termDialog.getByLabel('Name', { exact: true }).fill('Term 1: Waves');
  await termDialog.getByRole('button', { name: 'Add term' }).click();
  await expect(termDialog).toBeHidden();

  await admin.getByRole('button', { name: 'Add chapter' }).click();
  const chapterDialog = admin.getByRole('dialog', { name: 'Add a chapter' });
  await chapterDialog.getByLabel('Name', { exact: true }).fill(chapter);
  await chapterDialog.getByLabel('Content').selectOption('video');
  await chapterDialog.getByLabel('MP4 file').setInputFiles(lectureMp4());
  // A slow uplink, as from a phone, so the bar is there to see.
  const cdp = await adminContext.newCDPSession(admin);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 48 * 1024,
  });
  await chapterDialog.getByRole('button', { name: 'Add chapter' }).click();
  const bar = chapterDialog.getByRole('progressbar', { name: 'Upload progress' });
  await expect(bar).toBeVisible();
  await expect(chapterDialog.getByText(/MB of .* MB sent/)).toBeVisible();
  await snap(admin, 'video-upload-progress');
  await expect(admin.getByText('Chapter added.')).toBeVisible({ timeout: 60_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  // The worker (in the server's process here) transcodes it; the console follows the state.
  const row = admin.getByRole('row').filter({ hasText: chapter });
  await expect(row.getByText('Adaptive ready')).toBeVisible({ timeout: 120_000 });
  await expect(row).toContainText('240p · 360p · 720p');
  await snap(admin, 'video-transcoded');
  await expectAccessible(admin, 'admin: a transcoded video chapter');
  await openAdminSection(admin, 'Courses');
  await admin.getByRole('row').filter({ hasText: course }).getByLabel(`Published: ${course}`).check();
  await expect(admin.getByText(`${course} is published.`)).toBeVisible();
  await adminContext.close();

  // A learner enrols and plays the chapter as HLS, then picks the lowest quality.
  const context = await newContext();
  const page = await context.newPage();
  await registerThroughUi(page, newLearner());
  await openCourses(page);
  await openCheckout(page, course);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to My Course' }).click();
  await page.getByRole('link', { name: `View More: ${course}` }).click();
  await page.getByRole('button', { name: new RegExp(chapter) }).click();
  const quality = page.getByLabel('Quality');
  await expect(quality).toBeVisible({ timeout: 30_000 });
  await expect(quality.locator('option')).toHaveText([/^Auto/, '720p', '360p', '240p']);
  await page.getByLabel('Speed').selectOption({ label: '1.5×' });
  const video = page.locator('video').first();
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await quality.selectOption({ label: '240p' });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.videoHeight), { timeout: 30_000 })
    .toBe(240);
  expect(await video.evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(1.5);
  await snap(page, 'video-hls-240p');
  await expectAccessible(page, 'a video chapter played as HLS');
  await context.close();
});
