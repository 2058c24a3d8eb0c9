import type { Page } from '@playwright/test';
import { expect, test } from '../helpers/test.ts';
import { fillTemplate, formatInr, languageNames, type Language } from '../../packages/contracts/src/index.ts';
import { hi } from '../../packages/contracts/src/i18n/hi/index.ts';
import { ml } from '../../packages/contracts/src/i18n/ml/index.ts';
import { newLearner } from '../helpers/accounts.ts';
import { answerQuiz, openCourses, openSubjectQuiz, registerThroughUi } from '../helpers/learning.ts';
import { snap } from '../helpers/screenshots.ts';
import { expectAccessible } from '../helpers/axe.ts';
import { setRates } from '../helpers/admin.ts';

const paidCourse = 'Coding with Python';
const catalogues = { hi, ml } as const;
const widths = [360, 1280] as const;

/** Courses → the course's details → Buy Now → Pay Now → the sandbox card form → paid. */
async function buyWithCard(page: Page, courseName: string, cardholder: string): Promise<void> {
  await page.getByRole('button', { name: `More Details: ${courseName}` }).click();
  await page.getByRole('dialog', { name: courseName }).getByRole('link', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const form = page.frameLocator('iframe[title="Payment form"]');
  await form.getByRole('radio', { name: 'Card', exact: true }).check();
  await form.getByLabel('Card number').fill('4111 1111 1111 1111');
  await form.getByLabel('Expiry (MM/YY)').fill('12/35');
  await form.getByLabel('CVV').fill('123');
  await form.getByLabel('Name on card').fill(cardholder);
  await form.getByRole('button', { name: 'Pay ₹1,499.00' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
}

/** Issue 16: the wallet (with its forms) and the profile in Hindi and Malayalam, on a phone and a desktop. */
test('a learner switches to Hindi, then Malayalam, on Profile and sees the wallet and the profile in it', async ({
  newContext,
  request,
}) => {
  test.setTimeout(300_000);
  await setRates(request, { refund_window_days: 0 });
  const context = await newContext();
  const page = await context.newPage();
  const learner = newLearner();
  await registerThroughUi(page, learner);

  // Points: the first attempt at a quiz of a course paid for.
  await openCourses(page);
  await buyWithCard(page, paidCourse, `${learner.firstName} ${learner.lastName}`);
  await page.getByRole('link', { name: 'Back to My Course' }).click();
  await page.getByRole('link', { name: `View More: ${paidCourse}` }).click();
  await openSubjectQuiz(page, 'How Computers Work', 'Term 1: Getting Started');
  await answerQuiz(page);

  // Money: two friends register through the learner's link and buy the course (10% commission, ₹149.90 each).
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('button', { name: 'Invite People' }).click();
  const referralLink = await page
    .getByRole('dialog', { name: 'Invite People' })
    .getByLabel('Your referral link')
    .inputValue();
  await page.getByRole('dialog', { name: 'Invite People' }).getByRole('button', { name: 'Close' }).click();
  for (const [index, name] of ['bhavana', 'divya'].entries()) {
    const friendContext = await newContext();
    const friendPage = await friendContext.newPage();
    const friend = {
      ...newLearner(),
      firstName: 'Bhavana',
      lastName: 'Pillai',
      mobile: `9${index + 6}${String(Date.now()).slice(-8)}`,
    };
    friend.email = friend.email.replace('meera.', `${name}.`);
    await registerThroughUi(friendPage, friend, new URL(referralLink).pathname);
    await openCourses(friendPage);
    await buyWithCard(friendPage, paidCourse, `${friend.firstName} ${friend.lastName}`);
    await friendContext.close();
  }

  // Bank details and a Pending withdrawal of ₹100, in English.
  await page.goto('/profile');
  const bank = page.getByRole('form', { name: 'Bank Account Information' });
  await bank.getByLabel('Account Holder Name').fill(`${learner.firstName} ${learner.lastName}`);
  await bank.getByLabel('Bank Name').fill('State Bank of India');
  await bank.getByLabel('Branch Name').fill('Kochi Main');
  await bank.getByLabel('Account Number').fill('123456789012');
  await bank.getByLabel('IFSC Code').fill('SBIN0070123');
  await bank.getByLabel('PAN Card').fill('ABCPK1234F');
  await bank.getByLabel('Current Password', { exact: true }).fill(learner.password);
  await bank.getByRole('button', { name: 'Update Bank Details' }).click();
  await expect(bank.getByTestId('bank-on-file')).toContainText('State Bank of India');
  await page.goto('/wallet');
  // Two commissions of ₹149.90 and the level reward the two purchases complete.
  await expect(page.getByTestId('wallet-balance')).not.toHaveText('₹0.00');
  const earned = Number((await page.getByTestId('wallet-balance').innerText()).replace(/[₹,]/g, ''));
  expect(earned).toBeGreaterThanOrEqual(299.8);
  const balance = Math.round(earned * 100 - 10_000) / 100;
  await page.getByRole('button', { name: 'Withdraw to account' }).click();
  await page.getByRole('dialog', { name: 'Withdraw to account' }).getByLabel('Amount').fill('100');
  await page.getByRole('dialog', { name: 'Withdraw to account' }).getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('dialog', { name: 'Confirm Withdrawal' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('wallet-balance')).toHaveText(formatInr(balance));

  for (const language of ['hi', 'ml'] as const satisfies readonly Language[]) {
    const t = catalogues[language];
    // Profile → Language: the same choice as the header's picker, kept in the profile.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/profile');
    await page.locator('#language').getByRole('radio', { name: languageNames[language] }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.profile.title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { name: t.profile.sections.personal })).toBeVisible();
    await expect(page.getByRole('button', { name: t.profile.bank.submit })).toBeVisible();
    await expect(page.getByRole('radio', { name: languageNames[language] })).toBeChecked();
    await expectAccessible(page, `profile (${language})`);

    for (const width of widths) {
      await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
      await page.goto('/profile');
      await expect(page.getByRole('heading', { name: t.profile.sections.personal })).toBeVisible();
      await expect(page.getByRole('button', { name: t.profile.bank.submit })).toBeVisible();
      await snap(page, `languages-profile-${language}-${width}`);

      await page.goto('/wallet');
      await expect(page.getByRole('heading', { level: 1, name: t.wallet.title })).toBeVisible();
      await expect(page.getByTestId('wallet-balance')).toHaveText(formatInr(balance, language));
      const rows = page.locator('table.transactions-table tbody tr');
      await expect(rows.filter({ hasText: t.wallet.methods.referralCommission })).toHaveCount(2);
      await expect(rows.filter({ hasText: t.wallet.methods.withdraw })).toContainText(`(${t.wallet.statuses.pending})`);
      await expect(rows.filter({ hasText: t.wallet.methods.quizPoints })).toHaveCount(1);
      await snap(page, `languages-wallet-${language}-${width}`);
      if (width === 360) await expectAccessible(page, `wallet (${language})`);

      await page.getByRole('button', { name: t.wallet.redeemPoint }).click();
      const redeem = page.getByRole('dialog', { name: t.wallet.redeemPoint });
      await expect(redeem.getByTestId('redeem-preview')).toContainText('→');
      await snap(page, `languages-redeem-${language}-${width}`);
      await redeem.getByRole('button', { name: t.wallet.cancel }).click();
      await expect(redeem).toBeHidden();

      await page.getByRole('button', { name: t.wallet.withdrawToAccount }).click();
      const withdraw = page.getByRole('dialog', { name: t.wallet.withdrawToAccount });
      await expect(withdraw).toContainText('State Bank of India');
      await withdraw.getByLabel(t.wallet.withdraw.amount).fill('40');
      await withdraw.getByRole('button', { name: t.wallet.continue }).click();
      await expect(
        withdraw.getByText(fillTemplate(t.messages.wallet.amountBelowMinimum, { minimum: '₹100.00' })),
      ).toBeVisible();
      await snap(page, `languages-withdraw-${language}-${width}`);
      await withdraw.getByLabel(t.wallet.withdraw.amount).fill('150');
      await withdraw.getByRole('button', { name: t.wallet.continue }).click();
      const confirm = page.getByRole('dialog', { name: t.wallet.withdraw.confirmTitle });
      await expect(confirm.getByTestId('withdraw-summary')).toHaveText(formatInr(150, language));
      await expect(confirm).toContainText(formatInr(Math.round(balance * 100 - 15_000) / 100, language));
      await snap(page, `languages-withdraw-confirm-${language}-${width}`);
      await confirm.getByRole('button', { name: t.wallet.back }).click();
      await withdraw.getByRole('button', { name: t.wallet.cancel }).click();
      await expect(withdraw).toBeHidden();
    }
  }
  await context.close();
});
