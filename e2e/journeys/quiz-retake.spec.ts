import type { Page } from '@playwright/test';
import { expect, test } from '../helpers/test.ts';
import { newLearner } from '../helpers/accounts.ts';
import { answerQuiz, enrolInFreeCourse, openSubjectQuiz, registerThroughUi } from '../helpers/learning.ts';
import { snapPhoneAndDesktop } from '../helpers/screenshots.ts';
import { expectAccessible } from '../helpers/axe.ts';

// The free demo course: four chapters, each with a 10-question quiz drawn from its seeded bank.
const course = 'India and the World: General Knowledge';
const retaken = { subject: 'Geography of India', term: 'Term 1: Our Country' };
const others = [
  { subject: "India's Freedom Struggle", term: 'Term 1: Our Country' },
  { subject: 'The Agricultural Revolution', term: 'Term 2: Our World' },
  { subject: 'India in Space', term: 'Term 2: Our World' },
];
const PHONE = { width: 360, height: 800 };

test.use({ viewport: PHONE });

/** The result fits the phone: no sideways scrolling, each correct answer and mark inside the screen. */
async function expectResultFits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const rows = page.locator('table.quiz-result-table tbody tr');
  await expect(rows).toHaveCount(10);
  for (const cell of [rows.first().locator('td').nth(3), rows.first().locator('td').nth(4)]) {
    const box = (await cell.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
}

test('on a phone, a learner fails a quiz, retakes it a day later, passes and gets the certificate', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await registerThroughUi(page, newLearner());
  const courseUrl = await enrolInFreeCourse(page, course);

  // The other quizzes passed first, so the retaken one is all that stands before the certificate.
  for (const { subject, term } of others) {
    await openSubjectQuiz(page, subject, term);
    await answerQuiz(page);
    await page.goto(courseUrl);
  }

  // Attempt 1: 3 of 10, below the 40% pass mark. A retake must wait a day.
  await openSubjectQuiz(page, retaken.subject, retaken.term);
  await answerQuiz(page, { wrong: 7 });
  await expect(page.getByRole('heading', { name: 'Total Mark: 3 (30%)' })).toBeVisible();
  await expect(page.getByText('Attempt 1 of 3 · Best 30%')).toBeVisible();
  await expect(
    page.getByText(/^You can retake this quiz after \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (am|pm) IST\.$/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retake' })).toHaveCount(0);
  await expectResultFits(page);
  await expectAccessible(page, 'quiz result, retake not yet allowed');
  await snapPhoneAndDesktop(page, 'quiz-retake-not-allowed');

  await page.goto('/learn');
  await expect(page.getByRole('article', { name: course })).toBeVisible();
  await expect(page.getByRole('link', { name: `Certificate: ${course}` })).toHaveCount(0);

  // A day later (the server's test clock; TEST_HOOKS=true) the result offers Retake.
  const moved = await page.request.post('/dev/clock', { data: { advance_seconds: 86_400 } });
  expect(moved.ok()).toBe(true);
  await page.goto(courseUrl);
  await openSubjectQuiz(page, retaken.subject, retaken.term);
  await expect(page.getByRole('heading', { name: 'Total Mark: 3 (30%)' })).toBeVisible();
  const retake = page.getByRole('button', { name: 'Retake' });
  await expect(retake).toBeVisible();
  await expect(page.getByText(/^You can retake this quiz/)).toHaveCount(0);
  await expectAccessible(page, 'quiz result with Retake');
  await snapPhoneAndDesktop(page, 'quiz-retake-allowed');

  // Attempt 2 starts at question 1 with nothing chosen, and passes.
  await retake.click();
  await answerQuiz(page);
  await expect(page.getByRole('heading', { name: 'Total Mark: 10 (100%)' })).toBeVisible();
  await expect(page.getByText('Attempt 2 of 3 · Best 100%')).toBeVisible();
  await expectResultFits(page);

  // The best attempt counts: every quiz is passed, so My Courses links the certificate.
  await page.goto('/learn');
  await expect(
    page.getByRole('article', { name: course }).getByRole('link', { name: `Certificate: ${course}` }),
  ).toBeVisible();
});
