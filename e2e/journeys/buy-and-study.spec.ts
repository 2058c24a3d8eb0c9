import { expect, test } from '../helpers/test.ts';
import { newLearner } from '../helpers/accounts.ts';
import { expandTerm, openCheckout, openCourses, payWithSandboxCard, registerThroughUi } from '../helpers/learning.ts';
import { snap } from '../helpers/screenshots.ts';
import { expectAccessible } from '../helpers/axe.ts';

// Foundations of Mathematics: ₹999 struck through, offered at ₹499; WELCOME10 takes 10% off.
const course = 'Foundations of Mathematics';

test('a learner buys a course with WELCOME10 through the sandbox card form and opens a chapter of every kind', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const learner = newLearner();
  await registerThroughUi(page, learner);

  // A new learner has no courses yet.
  await page.getByRole('link', { name: 'My Courses' }).click();
  await expect(page.getByRole('heading', { name: 'You have no courses yet' })).toBeVisible();
  await expectAccessible(page, 'my courses, empty');

  await openCourses(page);
  const card = page.getByRole('article', { name: course });
  await expect(card.locator('del')).toContainText('₹999.00');
  await expect(card).toContainText('₹499.00');
  await expectAccessible(page, 'courses');
  await openCheckout(page, course);

  // The amounts before and after the offer code.
  const summary = page.locator('dl.price-summary');
  await expect(summary).toContainText(/Price\s*₹499\.00/);
  await expect(summary).toContainText(/Discount\s*₹0\.00/);
  await expect(summary).toContainText(/Payment Amount\s*₹499\.00/);
  await page.getByLabel('Offer code').fill('welcome10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Offer code WELCOME10 applied.')).toBeVisible();
  await expect(summary).toContainText(/Discount\s*₹49\.90/);
  await expect(summary).toContainText(/Payment Amount\s*₹449\.10/);
  await snap(page, 'buy-checkout');
  await expectAccessible(page, 'checkout with an offer code');

  await page.getByRole('button', { name: 'Pay Now' }).click();
  await payWithSandboxCard(page, `${learner.firstName} ${learner.lastName}`, '₹449.10');

  // The success page names its order in the address, and reads it back: what, how much, which order.
  await expect(page).toHaveURL(/\/success\?order=\d+$/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.locator('dl.order-details')).toContainText(/Amount paid\s*₹449\.10/);
  await expect(page.locator('dl.order-details')).toContainText(/Order ID\s*order_/);
  await snap(page, 'buy-success');
  await expectAccessible(page, 'payment successful');
  await page.getByRole('link', { name: 'Back to My Course' }).click();

  // My Courses → View More.
  await expect(page).toHaveURL(/\/learn$/);
  const owned = page.getByRole('article', { name: course });
  await expect(owned).toContainText('0% done');
  await owned.getByRole('link', { name: `View More: ${course}` }).click();
  await expect(page).toHaveURL(/\/learn-more\/\d+$/);
  await expect(page.getByRole('heading', { name: course })).toBeVisible();
  await expect(page.getByText('Choose a chapter to start studying.')).toBeVisible();
  await expectAccessible(page, 'course detail');

  const chapter = (name: string) => page.getByRole('region', { name: 'Chapter' }).getByRole('article', { name });

  // PDF: read in the app's own reader (pdf.js, so it shows on Android Chrome too), page by page; the
  // last page shown finishes the chapter.
  await page.getByRole('button', { name: /Fractions and Decimals/ }).click();
  const reader = chapter('Fractions and Decimals').getByRole('region', { name: 'PDF: Fractions and Decimals' });
  await expect(reader.locator('canvas')).toBeVisible();
  // The reader's own label (the page's text layer may say "Page 1 of 2" too).
  const pageLabel = reader.locator('.pdf-page-label');
  await expect(pageLabel).toHaveText(/^Page 1 of \d+$/);
  const pageCount = Number(/of (\d+)/.exec((await pageLabel.textContent()) ?? '')?.[1]);
  for (let n = 2; n <= pageCount; n += 1) {
    await reader.getByRole('button', { name: 'Next page' }).click();
    await expect(pageLabel).toHaveText(`Page ${n} of ${pageCount}`);
  }
  await expect(page.getByRole('button', { name: /Done: Fractions and Decimals/ })).toBeVisible();
  await snap(page, 'learn-more-pdf');
  await expectAccessible(page, 'PDF chapter');

  // Video: an mp4 with controls; opening it is not finishing it, watching it to the end is.
  await page.getByRole('button', { name: /Ratio, Proportion and Percentage/ }).click();
  const video = chapter('Ratio, Proportion and Percentage').locator('video');
  await expect(video).toHaveAttribute('controls', '');
  await expect(video).toHaveAttribute('src', /\S+/);
  await expect(page.getByRole('button', { name: /Opened: Ratio, Proportion and Percentage/ })).toBeVisible();
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  // The player reports every 10 s; the 6 s video (it loops) is then 90% watched.
  await expect(page.getByRole('button', { name: /Done: Ratio, Proportion and Percentage/ })).toBeVisible({
    timeout: 30_000,
  });
  await expectAccessible(page, 'video chapter');

  // Term 2 expands to YouTube and a link (no internet here: the embed URL is what is checked).
  await expandTerm(page, 'Term 2: Shapes and Space');
  await page.getByRole('button', { name: /Introduction to Vectors/ }).click();
  await expect(chapter('Introduction to Vectors').locator('iframe')).toHaveAttribute(
    'src',
    /^https:\/\/www\.youtube(-nocookie)?\.com\/embed\/[\w-]+/,
  );

  await page.getByRole('button', { name: /Area and Perimeter/ }).click();
  const link = chapter('Area and Perimeter').getByRole('link', { name: 'click here to view details' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('href', 'https://en.wikipedia.org/wiki/Area');
  await expect(page.getByRole('button', { name: /Done: Area and Perimeter/ })).toBeVisible();
  await snap(page, 'learn-more');
  await expectAccessible(page, 'link chapter, term 2 open');

  // PDF, video and link done, the YouTube chapter (no internet here) and the four quizzes not:
  // 3 of 8 parts.
  await page.getByRole('link', { name: 'Back to My Courses' }).click();
  await expect(page.getByRole('article', { name: course })).toContainText('37.5% done');
  await expectAccessible(page, 'my courses, one done');
});
