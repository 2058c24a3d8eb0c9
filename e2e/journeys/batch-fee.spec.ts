import type { Page } from '@playwright/test';
import { expect, test } from '../helpers/test.ts';
import { BATCH_COURSES, BATCH_OFFER_CODE } from '../../packages/db/src/seed/content/catalogue.ts';
import { newLearner } from '../helpers/accounts.ts';
import { answerQuiz, openCourses, payWithSandboxCard, registerThroughUi, type Learner } from '../helpers/learning.ts';
import { snap } from '../helpers/screenshots.ts';
import { expectAccessible } from '../helpers/axe.ts';

// CBSE Standard 10 carries a ₹499 fee in the demo seed; its own code CBSE10BATCH takes 20% off (₹399.20).
const batchTitle = 'Your batch: CBSE, Standard 10 — ₹499.00';
const subject = BATCH_COURSES.find((course) => course.slug === 'cbse-10-mathematics')!.name;
const otherSubject = BATCH_COURSES.find((course) => course.slug === 'cbse-10-science')!.name;
const chapter = 'Quadratic Equations';

/** Register → Choose My Batch (CBSE, Standard 10: a batch with a fee) → Verify; ends on the dashboard. */
function registerInFeeBatch(page: Page, learner: Learner): Promise<void> {
  return registerThroughUi(page, learner, '/register', { syllabus: 'CBSE', standard: 'Standard 10' });
}

test('a learner in a batch with a fee pays it in the sandbox, then studies a subject and takes its quiz', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const learner = newLearner();
  // Every answer of the quiz endpoints, to name a refusal (403) if the quiz does not get through.
  const quizAnswers: string[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/live-connect/api/quiz/'))
      quizAnswers.push(`${response.request().method()} ${path} ${response.status()}`);
  });
  await registerInFeeBatch(page, learner);

  // The dashboard offers the batch fee.
  const dashboardCard = page.getByRole('region', { name: batchTitle });
  await expect(dashboardCard).toBeVisible();
  await expect(dashboardCard).toContainText(subject);
  await expect(dashboardCard.getByRole('link', { name: 'Pay batch fee' })).toHaveAttribute('href', '/checkout/batch');
  await snap(page, 'batch-fee-dashboard');
  await expectAccessible(page, 'dashboard with the batch fee');

  // Courses: the school subjects offer the fee, never 'Buy Now'.
  const catalogue = page.waitForResponse((response) => new URL(response.url()).pathname === '/live-connect/api/course');
  await openCourses(page);
  const { data } = (await (await catalogue).json()) as { data: { school: { id: number; name: string }[] } };
  const subjectId = data.school.find((course) => course.name === subject)?.id;
  expect(subjectId, `${subject} in data.school`).toBeDefined();
  const school = page.getByRole('region', { name: 'School Subjects' });
  await expect(school.getByRole('heading', { name: batchTitle })).toBeVisible();
  for (const name of [subject, otherSubject]) {
    const card = school.getByRole('article', { name });
    await expect(card.getByRole('link', { name: `Pay batch fee: ${name}` })).toHaveAttribute('href', '/checkout/batch');
    await expect(card.getByRole('link', { name: /Buy Now/ })).toHaveCount(0);
  }
  await snap(page, 'batch-fee-courses');
  await expectAccessible(page, 'courses with the batch fee');

  // Before paying, the subject's chapters stay closed (403) and My Courses has nothing.
  const terms = page.waitForResponse(
    (response) => new URL(response.url()).pathname === `/live-connect/api/terms/${subjectId}`,
  );
  await page.goto(`/learn-more/${subjectId}`);
  expect((await terms).status()).toBe(403);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('button', { name: /Term 1/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'My Courses', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'You have no courses yet' })).toBeVisible();

  // The batch checkout: its own code, the sandbox card form, /pay-now.
  await page.goto('/dashboard');
  await page.getByRole('region', { name: batchTitle }).getByRole('link', { name: 'Pay batch fee' }).click();
  await expect(page).toHaveURL(/\/checkout\/batch$/);
  await expect(page.getByRole('heading', { name: 'Batch fee: CBSE, Standard 10' })).toBeVisible();
  const summary = page.locator('dl.price-summary');
  await expect(summary).toContainText(/Payment Amount\s*₹499\.00/);
  await page.getByLabel('Offer code').fill(BATCH_OFFER_CODE.code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Offer code ${BATCH_OFFER_CODE.code} applied.`)).toBeVisible();
  await expect(summary).toContainText(/Discount\s*₹99\.80/);
  await expect(summary).toContainText(/Payment Amount\s*₹399\.20/);
  await snap(page, 'batch-fee-checkout');
  await expectAccessible(page, 'batch fee checkout');
  const firstPayment = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/live-connect/api/first-payment',
  );
  await page.getByRole('button', { name: 'Pay Now' }).click();
  expect((await firstPayment).status()).toBe(200);
  await payWithSandboxCard(page, `${learner.firstName} ${learner.lastName}`, '₹399.20');

  await expect(page).toHaveURL(/\/success\?order=\d+$/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText('Your batch fee is paid: its subjects are ready in My Courses.')).toBeVisible();
  await expect(page.locator('dl.order-details')).toContainText(/Amount paid\s*₹399\.20/);
  await page.getByRole('link', { name: 'Back to My Course' }).click();

  // My Courses lists the batch's subjects; one opens to its chapters.
  await expect(page).toHaveURL(/\/learn$/);
  const learnSchool = page.getByRole('region', { name: 'School Subjects' });
  await expect(learnSchool.getByRole('article', { name: otherSubject })).toBeVisible();
  await learnSchool
    .getByRole('article', { name: subject })
    .getByRole('link', { name: `View More: ${subject}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/learn-more/${subjectId}$`));
  await page.getByRole('button', { name: new RegExp(chapter) }).click();
  await expect(page.getByRole('region', { name: 'Chapter' }).getByRole('article', { name: chapter })).toBeVisible();

  // Its quiz: 10 questions, submitted and graded.
  await page.getByRole('link', { name: `Quiz: ${chapter}`, exact: true }).click();
  await expect(page).toHaveURL(/\/quiz\/\d+\?course=\d+$/);
  try {
    await answerQuiz(page, { wrong: 0 });
  } catch (error) {
    throw new Error(`The quiz did not get through; its calls answered: ${quizAnswers.join(', ') || 'none'}`, {
      cause: error,
    });
  }
  expect(quizAnswers.filter((answer) => answer.startsWith('POST'))).toEqual([expect.stringMatching(/ 200$/)]);
  await expect(page.getByRole('heading', { name: 'Total Mark: 10 (100%)' })).toBeVisible();

  // The fee is paid: the dashboard says so, and the Courses page opens the subjects.
  await page.goto('/dashboard');
  const paidCard = page.getByRole('region', { name: new RegExp(batchTitle) });
  await expect(paidCard).toContainText('Fee paid');
  await expect(paidCard.getByRole('link', { name: 'Pay batch fee' })).toHaveCount(0);
  await openCourses(page);
  await expect(
    page.getByRole('article', { name: subject }).getByRole('link', { name: `Open: ${subject}` }),
  ).toHaveAttribute('href', `/learn-more/${subjectId}`);
  await expect(
    page.getByRole('region', { name: 'School Subjects' }).getByRole('link', { name: /Pay batch fee/ }),
  ).toHaveCount(0);
});
