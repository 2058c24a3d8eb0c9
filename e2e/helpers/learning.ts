import { expect, type Page } from '@playwright/test';
import { en, type Catalogue, type Translation } from '@app/contracts';
import * as computing from '../../packages/db/src/seed/content/computing.ts';
import * as english from '../../packages/db/src/seed/content/english.ts';
import * as gk from '../../packages/db/src/seed/content/general-knowledge.ts';
import * as maths from '../../packages/db/src/seed/content/mathematics.ts';
import * as science from '../../packages/db/src/seed/content/science.ts';
import type { SeedTopic } from '../../packages/db/src/seed/content/types.ts';
import { readOtp } from './mailbox.ts';
import { expectAccessible } from './axe.ts';

/** Shared steps of the course, quiz and referral journeys (issues 3 to 5). */

export interface Learner {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  password: string;
}

/**
 * Registers `learner` through the UI (optionally on a referral link), picks a batch without a fee
 * and verifies the email with the code from the dev mailbox; ends on the dashboard.
 */
export async function registerThroughUi(
  page: Page,
  learner: Learner,
  registerUrl = '/register',
  batch: { syllabus: string; standard: string } = { syllabus: 'CBSE', standard: 'Standard 8' },
  dateOfBirth = '1995-04-12',
): Promise<void> {
  await page.goto(registerUrl);
  await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
  await page.getByLabel('First Name', { exact: true }).fill(learner.firstName);
  await page.getByLabel('Last Name', { exact: true }).fill(learner.lastName);
  await page.getByLabel('Email', { exact: true }).fill(learner.email);
  await page.getByLabel('Mobile', { exact: true }).fill(learner.mobile);
  await page.getByLabel('Password', { exact: true }).fill(learner.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(learner.password);
  await page.getByRole('checkbox').check();
  const registeredAt = new Date(Date.now() - 1000);
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page).toHaveURL(/\/choose-level$/);
  await page.getByLabel('Syllabus', { exact: true }).selectOption({ label: batch.syllabus });
  await expect(
    page.getByLabel('Standard', { exact: true }).locator('option', { hasText: batch.standard }),
  ).toBeAttached();
  await page.getByLabel('Standard', { exact: true }).selectOption({ label: batch.standard });
  // Issue 16: choose-level asks for the date of birth; an adult's, so paying needs no guardian.
  await page.getByLabel('Date of Birth', { exact: true }).fill(dateOfBirth);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/verify$/);
  const otp = await readOtp(page.request, learner.email, registeredAt);
  await page.getByLabel('OTP', { exact: true }).fill(otp);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/(dashboard)?$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${learner.firstName}!` })).toBeVisible();
}

/** From anywhere in the app: My Courses → 'Purchase Courses' → the Courses page. */
export async function openCourses(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'My Courses' }).click();
  await expect(page).toHaveURL(/\/learn$/);
  await page.getByRole('link', { name: 'Purchase Courses' }).first().click();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.getByRole('heading', { name: 'Courses', exact: true })).toBeVisible();
}

/** Courses → 'More Details' on `courseName` → 'Buy Now' in the modal → the checkout page. */
export async function openCheckout(page: Page, courseName: string): Promise<void> {
  await page.getByRole('button', { name: `More Details: ${courseName}` }).click();
  const details = page.getByRole('dialog', { name: courseName });
  await expect(details.getByRole('heading', { name: courseName })).toBeVisible();
  await expectAccessible(page, 'course details');
  await details.getByRole('link', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  // The URL changes first; the Courses page and its modal stay until the checkout route's chunk has loaded.
  await expect(details).toBeHidden();
  await expect(page.getByRole('heading', { name: courseName })).toBeVisible();
}

/**
 * On the checkout page after 'Pay Now': the sandbox checkout in its frame (UPI is selected first),
 * switched to Card and paid with the card that succeeds. `amount` is what the form's Pay button
 * must show, e.g. '₹449.10'.
 */
export async function payWithSandboxCard(page: Page, cardholder: string, amount: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Secure payment' });
  await expect(dialog).toBeVisible();
  const form = page.frameLocator('iframe[title="Payment form"]');
  await form.getByRole('radio', { name: 'Card', exact: true }).check();
  await form.getByLabel('Card number').fill('4111 1111 1111 1111');
  await form.getByLabel('Expiry (MM/YY)').fill('12/35');
  await form.getByLabel('CVV').fill('123');
  await form.getByLabel('Name on card').fill(cardholder);
  const pay = form.getByRole('button', { name: `Pay ${amount}` });
  await expect(pay).toBeVisible();
  await expectAccessible(page, 'sandbox card form');
  await pay.click();
}

/**
 * On the checkout page after 'Pay Now': pays by UPI in the sandbox checkout's frame with `vpa`
 * (success@razorpay succeeds, failure@razorpay is declined and the form stays open). The caller
 * checks the outcome. `texts`: the catalogue of the app's language, which the modal and the page
 * in its frame both speak.
 */
export async function payWithSandboxUpi(page: Page, vpa: string, texts: Translation<Catalogue> = en): Promise<void> {
  const { sandbox, sandboxPage } = texts.checkout;
  const dialog = page.getByRole('dialog', { name: sandbox.title });
  await expect(dialog).toBeVisible();
  const form = page.frameLocator(`iframe[title="${sandbox.frame}"]`);
  await form.getByRole('radio', { name: sandboxPage.upi, exact: true }).check();
  await form.getByLabel(sandboxPage.upiId).fill(vpa);
  await expectAccessible(page, 'sandbox UPI form');
  // 'Pay ₹449.10', '₹449.10 का भुगतान करें': the Pay button, whatever the amount.
  const [before, after] = sandboxPage.pay
    .split('{{amount}}')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  await form.getByRole('button', { name: new RegExp(`^${before}₹[\\d,.]+${after}$`) }).click();
}

/** The seed's question banks: question text → the text of its correct option. */
const correctAnswers = new Map<string, string>();
for (const module of [computing, english, gk, maths, science] as Record<string, unknown>[]) {
  for (const value of Object.values(module)) {
    const topic = value as Partial<SeedTopic>;
    if (!Array.isArray(topic?.questions)) continue;
    for (const q of topic.questions) correctAnswers.set(q.question, q.options[q.correctOption - 1]!);
  }
}

/** The correct option of a seeded question, by its text. */
export function correctAnswerOf(question: string): string {
  const answer = correctAnswers.get(question);
  if (!answer) throw new Error(`No seeded question reads "${question}"`);
  return answer;
}

/**
 * On a quiz page at 'Question Number 1': answers all 10 questions, correctly except the first
 * `wrong` ones, and submits. Ends on the result. Returns the questions in the order asked.
 */
export async function answerQuiz(page: Page, { wrong = 0 } = {}): Promise<string[]> {
  const asked: string[] = [];
  for (let n = 1; n <= 10; n += 1) {
    await expect(page.getByRole('heading', { name: `Question Number ${n}` })).toBeVisible();
    await expect(page.getByText(`Question ${n} of 10`)).toBeVisible();
    const legend = page.locator('legend');
    await expect(legend).toHaveCount(1);
    const question = (await legend.innerText()).trim();
    asked.push(question);
    const correct = correctAnswerOf(question);
    const options = page.getByRole('radio');
    let choice = page.getByRole('radio', { name: correct, exact: true });
    if (n <= wrong) {
      const labels = await page.locator('.quiz-option label').allInnerTexts();
      const other = labels.map((label) => label.trim()).find((label) => label !== correct)!;
      choice = page.getByRole('radio', { name: other, exact: true });
    }
    expect(await options.count()).toBeGreaterThanOrEqual(2);
    await choice.check();
    await page.getByRole('button', { name: n === 10 ? 'Submit' : 'Next' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Quiz Result' })).toBeVisible();
  return asked;
}

/**
 * From anywhere: My Courses → 'Purchase Courses' → the free `courseName` taken for ₹0 → its course
 * page. Goes by address rather than the side menu, which folds away on a phone. Returns the page's URL.
 */
export async function enrolInFreeCourse(page: Page, courseName: string): Promise<string> {
  await page.goto('/learn');
  await page.getByRole('link', { name: 'Purchase Courses' }).first().click();
  await expect(page).toHaveURL(/\/courses$/);
  await openCheckout(page, courseName);
  await expect(page.locator('dl.price-summary')).toContainText(/Payment Amount\s*₹0\.00/);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to My Course' }).click();
  await page
    .getByRole('article', { name: courseName })
    .getByRole('link', { name: `View More: ${courseName}` })
    .click();
  await expect(page).toHaveURL(/\/learn-more\/\d+$/);
  return page.url();
}

/** A chapter's quiz link on the course page, before or after the quiz is passed ('Quiz: X (passed)'). */
export function quizLinkOf(page: Page, subject: string) {
  const name = subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByRole('link', { name: new RegExp(`^Quiz: ${name}( \\(passed\\))?$`) });
}

/**
 * On a course page: expands `term` unless it is open, then waits until its chapters have finished sliding open.
 * A click during Bootstrap's 0.35 s slide is lost: Playwright scrolls the chapter, still clipped, into view inside the
 * growing region, which then slides it away between the press and the release, so no click event fires (CI of
 * c5b9193, quiz-retake: the quiz link pressed, focused, and the page stayed).
 */
export async function expandTerm(page: Page, term: string, options: { timeout?: number } = {}): Promise<void> {
  const button = page.getByRole('button', { name: term, exact: true });
  if ((await button.getAttribute('aria-expanded', options)) !== 'true') await button.click(options);
  // The term's region is `collapse show` once open, `collapsing` while it slides.
  const region = page.locator('.accordion-item', { has: button }).locator('.accordion-collapse');
  await expect(region).toHaveClass(/\bshow\b/, options);
}

/** On a course page: opens the quiz of `subject`, expanding `term` first when its chapters are folded. */
export async function openSubjectQuiz(page: Page, subject: string, term: string): Promise<void> {
  await expandTerm(page, term);
  await quizLinkOf(page, subject).click();
  await expect(page).toHaveURL(/\/quiz\/\d+\?course=\d+$/);
}
