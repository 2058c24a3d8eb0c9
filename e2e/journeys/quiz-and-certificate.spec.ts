import { expect, test } from '../helpers/test.ts';
import { newLearner } from '../helpers/accounts.ts';
import {
  answerQuiz,
  correctAnswerOf,
  expandTerm,
  openCheckout,
  openCourses,
  quizLinkOf,
  registerThroughUi,
} from '../helpers/learning.ts';
import { snap } from '../helpers/screenshots.ts';
import { expectAccessible } from '../helpers/axe.ts';

// The free demo course: four chapters, each with a 10-question quiz drawn from its seeded bank.
const course = 'India and the World: General Knowledge';
const subjects = ['Geography of India', "India's Freedom Struggle", 'The Agricultural Revolution', 'India in Space'];

test('a learner takes every quiz of a course and opens its certificate page and PDF', async ({ page }) => {
  test.setTimeout(180_000);
  const learner = newLearner();
  await registerThroughUi(page, learner);

  // The free course: nothing to pay, straight to success.
  await openCourses(page);
  await openCheckout(page, course);
  await expect(page.locator('dl.price-summary')).toContainText(/Payment Amount\s*₹0\.00/);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to My Course' }).click();
  const card = page.getByRole('article', { name: course });
  await expect(card.getByRole('link', { name: `Certificate: ${course}` })).toHaveCount(0);
  await card.getByRole('link', { name: `View More: ${course}` }).click();
  await expect(page).toHaveURL(/\/learn-more\/\d+$/);
  const courseUrl = page.url();

  for (const [index, subject] of subjects.entries()) {
    // Term 2's chapters show once the term is expanded (the page opens with term 1).
    await expandTerm(page, index >= 2 ? 'Term 2: Our World' : 'Term 1: Our Country');
    await page.getByRole('link', { name: `Quiz: ${subject}`, exact: true }).click();
    await expect(page).toHaveURL(/\/quiz\/\d+\?course=\d+$/);
    await expect(page.getByRole('heading', { name: 'Question Number 1' })).toBeVisible();

    if (index === 0) {
      // Next without a choice asks for one.
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'please choose answer' })).toBeVisible();
      await snap(page, 'quiz-question');
      await expectAccessible(page, 'quiz question with its validation message');
    }

    // The first quiz gets one answer wrong, the others none: all pass the 40% mark.
    const wrong = index === 0 ? 1 : 0;
    const asked = await answerQuiz(page, { wrong });
    const total = 10 - wrong;
    await expect(page.getByRole('heading', { name: `Total Mark: ${total} (${total * 10}%)` })).toBeVisible();
    await expect(page.getByText(`${total} of 10 correct`)).toBeVisible();
    // Each question with its correct answer, as graded by the server.
    const rows = page.locator('table.quiz-result-table tbody tr');
    await expect(rows).toHaveCount(10);
    for (const [i, question] of asked.entries()) {
      await expect(rows.nth(i)).toContainText(question);
      await expect(rows.nth(i).locator('td').nth(3)).toHaveText(correctAnswerOf(question));
      await expect(rows.nth(i).locator('td').nth(4)).toHaveText(i < wrong ? '0' : '1');
    }
    if (index === 0) {
      await snap(page, 'quiz-result');
      await expectAccessible(page, 'quiz result');
    }

    await page.getByRole('link', { name: 'Back to Course' }).click();
    await expect(page).toHaveURL(courseUrl);

    if (index === 0) {
      // Submitted: the quiz now shows the stored result instead of questions; a retake waits a day.
      await quizLinkOf(page, subject).click();
      await expect(page.getByRole('heading', { name: `Total Mark: ${total} (${total * 10}%)` })).toBeVisible();
      await expect(page.getByText(/^You can retake this quiz after /)).toBeVisible();
      await expectAccessible(page, 'stored quiz result');
      await page.getByRole('link', { name: 'Back to Course' }).click();
      // Not every quiz is done yet: no certificate.
      await page.getByRole('link', { name: 'Back to My Courses' }).click();
      await expect(page.getByRole('article', { name: course })).toBeVisible();
      await expect(page.getByRole('link', { name: `Certificate: ${course}` })).toHaveCount(0);
      await page.goto(courseUrl);
    }
  }

  // Every quiz passed: My Courses links the certificate.
  await page.getByRole('link', { name: 'Back to My Courses' }).click();
  const certificateLink = page
    .getByRole('article', { name: course })
    .getByRole('link', { name: `Certificate: ${course}` });
  await expect(certificateLink).toBeVisible();
  await expect(certificateLink).toHaveAttribute('target', '_blank');
  await expectAccessible(page, 'my courses with a certificate');
  const href = (await certificateLink.getAttribute('href'))!;
  const certificateId = /\/certificate\/([^/?#]+)$/.exec(href)?.[1];
  expect(certificateId, `a certificate link, got ${href}`).toBeTruthy();

  // The public page, opened without a session.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/certificate/${certificateId}`);
  await expect(page).toHaveURL(new RegExp(`/certificate/${certificateId}$`));
  await expect(page.getByRole('heading', { name: `${learner.firstName} ${learner.lastName}` })).toBeVisible();
  await expect(page.getByText(course, { exact: true })).toBeVisible();
  await expect(page.getByText('Valid', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Certificate of Completion')).toBeVisible();
  await expect(page.getByText(decodeURIComponent(certificateId!), { exact: true })).toBeVisible();
  const qr = page.getByRole('img', { name: "QR code of this certificate's address" });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('data-value', page.url());
  await snap(page, 'certificate');
  await expectAccessible(page, 'certificate');

  const pdfHref = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  const pdf = await page.request.get(pdfHref!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const body = await pdf.body();
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  expect(body.length).toBeGreaterThan(1000);

  // An unknown id says so.
  await page.goto('/certificate/no-such-certificate');
  await expect(page.getByRole('heading', { name: 'Certificate not found' })).toBeVisible();
  await expectAccessible(page, 'certificate not found');
});
