import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, test } from '../helpers/test.ts';
import { fillTemplate } from '@app/contracts';
import { hi } from '@app/contracts/i18n/hi';
import { newLearner } from '../helpers/accounts.ts';
import { correctAnswerOf, expandTerm, payWithSandboxUpi } from '../helpers/learning.ts';
import { readOtp } from '../helpers/mailbox.ts';
import { keepDownload, snap } from '../helpers/screenshots.ts';
import { expectAccessible } from '../helpers/axe.ts';

// Issue 16, "done means": a Hindi-speaking student registers, studies, pays by UPI, and downloads a GST invoice
// and a certificate that carry the name in Devanagari — on a phone, with every screen in Hindi.
const PHONE = { width: 360, height: 800 };
const paidCourse = 'Foundations of Mathematics';
const freeCourse = 'India and the World: General Knowledge';
const subjects = ['Geography of India', "India's Freedom Struggle", 'The Agricultural Revolution', 'India in Space'];
const firstName = 'अनन्या';
const lastName = 'शर्मा';

test.use({ viewport: PHONE });

/** The text Poppler reads out of a PDF: what a reader gets by copying. */
function pdfText(name: string, body: Buffer): string {
  keepDownload(`${name}.pdf`, body);
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: body, encoding: 'utf8' });
}

/** On a quiz's first question, in Hindi: answers all ten correctly and submits. */
async function passQuiz(page: Page) {
  for (let n = 1; n <= 10; n += 1) {
    await expect(
      page.getByRole('heading', { name: fillTemplate(hi.quiz.questionNumber, { number: n }) }),
    ).toBeVisible();
    const question = (await page.locator('legend').innerText()).trim();
    await page.getByRole('radio', { name: correctAnswerOf(question), exact: true }).check();
    await page.getByRole('button', { name: n === 10 ? hi.quiz.submit : hi.quiz.next }).click();
  }
  await expect(page.getByRole('heading', { name: hi.quiz.resultTitle })).toBeVisible();
}

test('a Hindi-speaking student registers, pays by UPI, and gets a GST invoice and a certificate in Devanagari', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const learner = { ...newLearner(), firstName, lastName };

  // Register in Hindi: the picker on the sign-in pages.
  await page.goto('/register');
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.getByRole('heading', { name: hi.accounts.register.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await page.getByLabel(hi.accounts.register.firstName, { exact: true }).fill(firstName);
  await page.getByLabel(hi.accounts.register.lastName, { exact: true }).fill(lastName);
  await page.getByLabel(hi.accounts.register.email, { exact: true }).fill(learner.email);
  await page.getByLabel(hi.accounts.register.mobile, { exact: true }).fill(learner.mobile);
  // A validation message in Hindi, from the contracts' catalogue.
  await page.getByRole('button', { name: hi.accounts.register.submit }).click();
  await expect(page.getByText(hi.messages.common.passwordRequired).first()).toBeVisible();
  await snap(page, 'hindi-register-360');
  await page.getByLabel(hi.accounts.register.password, { exact: true }).fill(learner.password);
  await page.getByLabel(hi.accounts.register.confirmPassword, { exact: true }).fill(learner.password);
  await page.getByRole('checkbox').check();
  const registeredAt = new Date(Date.now() - 1000);
  await page.getByRole('button', { name: hi.accounts.register.submit }).click();

  // Choose the batch and give an adult's date of birth, then the OTP (the mail is in Hindi too).
  await expect(page).toHaveURL(/\/choose-level$/);
  await page.getByLabel(hi.onboarding.chooseLevel.syllabus, { exact: true }).selectOption({ label: 'CBSE' });
  const standard = page.getByLabel(hi.onboarding.chooseLevel.standard, { exact: true });
  await expect(standard.locator('option', { hasText: 'Standard 8' })).toBeAttached();
  await standard.selectOption({ label: 'Standard 8' });
  await page.getByLabel(hi.consent.dob.label, { exact: true }).fill('2001-08-15');
  await page.getByRole('button', { name: hi.onboarding.chooseLevel.submit }).click();
  await expect(page).toHaveURL(/\/verify$/);
  const otpMail = await page.request.get('/dev/mailbox');
  const mails = (await otpMail.json()) as { to: string; subject: string }[];
  expect(mails.find((m) => m.to === learner.email.toLowerCase())?.subject).toMatch(/[\u0900-\u097F]/);
  await page
    .getByLabel(hi.onboarding.verify.otp, { exact: true })
    .fill(await readOtp(page.request, learner.email, registeredAt));
  await page.getByRole('button', { name: hi.onboarding.verify.submit }).click();
  await expect(page).toHaveURL(/\/(dashboard)?$/);
  await snap(page, 'hindi-dashboard-360');

  // Pay for a course by UPI.
  await page.goto('/courses');
  await page
    .getByRole('button', { name: fillTemplate(hi.catalogue.card.moreDetailsLabel, { name: paidCourse }) })
    .click();
  await page.getByRole('dialog', { name: paidCourse }).getByRole('link', { name: hi.catalogue.offer.buyNow }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  await expect(page.locator('dl.price-summary')).toContainText('₹499.00');
  await page.getByRole('button', { name: hi.checkout.payNow }).click();
  // The sandbox page in the frame speaks Hindi too (its <html lang>, labels and Pay button).
  await expect(page.frameLocator(`iframe[title="${hi.checkout.sandbox.frame}"]`).locator('html')).toHaveAttribute(
    'lang',
    'hi',
  );
  await payWithSandboxUpi(page, 'success@razorpay', hi);
  await expect(page).toHaveURL(/\/success\?order=\d+$/);
  await expect(page.getByRole('heading', { name: hi.checkout.success.title })).toBeVisible();
  await snap(page, 'hindi-success-360');

  // The GST invoice: the name copies out in Devanagari, with the GSTIN and the amounts.
  const invoiceLink = page.getByRole('link', { name: /INV\/\d{2}-\d{2}\/\d{6}/ });
  const invoice = await page.request.get((await invoiceLink.getAttribute('href'))!, { headers: { authorization: '' } });
  expect(invoice.status()).toBe(200);
  const invoiceText = pdfText('hindi-invoice', await invoice.body());
  expect(invoiceText).toContain(`${firstName} ${lastName}`);
  expect(invoiceText).toMatch(/GSTIN/);
  expect(invoiceText).toContain('499.00');
  expect(invoiceText).toContain(hi.invoice.title.invoice);

  // The Purchases page lists it, in Hindi.
  await page.goto('/purchases');
  await expect(page.getByRole('heading', { level: 1, name: hi.purchases.title })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: paidCourse })).toContainText('₹499.00');
  await expectAccessible(page, 'purchases in Hindi');

  // Study the free course and pass its four quizzes: the certificate carries the Devanagari name.
  await page.goto('/courses');
  await page
    .getByRole('button', { name: fillTemplate(hi.catalogue.card.moreDetailsLabel, { name: freeCourse }) })
    .click();
  await page.getByRole('dialog', { name: freeCourse }).getByRole('link', { name: hi.catalogue.offer.buyNow }).click();
  await page.getByRole('button', { name: hi.checkout.payNow }).click();
  await expect(page.getByRole('heading', { name: hi.checkout.success.title })).toBeVisible();
  await page.goto('/learn');
  await page
    .getByRole('article', { name: freeCourse })
    .getByRole('link', { name: fillTemplate(hi.learning.card.viewMoreLabel, { name: freeCourse }) })
    .click();
  await expect(page).toHaveURL(/\/learn-more\/\d+$/);
  const courseUrl = page.url();
  // The terms show once the course's progress is known too: the picture is of the course, not its spinner.
  await expect(page.getByRole('button', { name: 'Term 1: Our Country' })).toHaveAttribute('aria-expanded', 'true');
  await snap(page, 'hindi-course-360');
  const terms = ['Term 1: Our Country', 'Term 1: Our Country', 'Term 2: Our World', 'Term 2: Our World'];
  for (const [index, subject] of subjects.entries()) {
    await page.goto(courseUrl);
    const quiz = page.getByRole('link', {
      name: fillTemplate(hi.learning.terms.quizLabel, { name: subject }),
      exact: true,
    });
    // Term 2's chapters show once the term is expanded (the page opens with term 1).
    await expandTerm(page, terms[index]!);
    await quiz.click();
    await expect(page).toHaveURL(/\/quiz\/\d+\?course=\d+$/);
    await passQuiz(page);
  }
  await snap(page, 'hindi-quiz-result-360');

  await page.goto('/learn');
  const certificateLink = page
    .getByRole('article', { name: freeCourse })
    .getByRole('link', { name: fillTemplate(hi.learning.card.certificateLabel, { name: freeCourse }) });
  await expect(certificateLink).toBeVisible();
  const certificateId = /\/certificate\/([^/?#]+)$/.exec((await certificateLink.getAttribute('href'))!)![1]!;
  await page.goto(`/certificate/${certificateId}`);
  await expect(page.getByRole('heading', { name: `${firstName} ${lastName}` })).toBeVisible();
  await expect(page.getByText(hi.certificates.page.ofCompletion).first()).toBeVisible();
  await snap(page, 'hindi-certificate-360');
  const pdfHref = await page.getByRole('link', { name: hi.certificates.page.download }).getAttribute('href');
  const certificate = await page.request.get(pdfHref!);
  expect(certificate.status()).toBe(200);
  expect(pdfText('hindi-certificate', await certificate.body())).toContain(`${firstName} ${lastName}`);
});
