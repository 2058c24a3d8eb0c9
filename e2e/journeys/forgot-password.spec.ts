import { expect, test } from '../helpers/test.ts';
import { DEMO_REFERRED_LEARNERS } from '../helpers/accounts.ts';
import { readOtp } from '../helpers/mailbox.ts';
import { snap } from '../helpers/screenshots.ts';
import { expectAccessible } from '../helpers/axe.ts';

// A seeded learner of the demo (verified); the demo learner's own password stays as documented.
const learner = DEMO_REFERRED_LEARNERS[0];
const newPassword = 'Fresh@5678';

test('a learner resets a forgotten password with the OTP from the mailbox and signs in with the new one', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();

  // Step 1: the email.
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('Email Address', { exact: true })).toBeVisible();
  await expectAccessible(page, 'forgot password, email step');
  await page.getByLabel('Email', { exact: true }).fill(learner.email);
  const requestedAt = new Date(Date.now() - 1000);
  await page.getByRole('button', { name: 'Send OTP' }).click();

  // Step 2: the code, the new password and its confirmation.
  await expect(page.getByLabel('OTP', { exact: true })).toBeVisible();
  const otp = await readOtp(page.request, learner.email, requestedAt);
  await page.getByLabel('OTP', { exact: true }).fill(otp);
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await snap(page, 'forgot-password-reset-step');
  await expectAccessible(page, 'forgot password, reset step');
  await page.getByRole('button', { name: 'Reset Password' }).click();

  await expect(page.getByText('Your password has been reset successfully!')).toBeVisible();
  await snap(page, 'forgot-password-done');
  await expectAccessible(page, 'forgot password, done');
  await page.getByRole('link', { name: 'Login' }).click();

  // The old password no longer works; the new one does.
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email', { exact: true }).fill(learner.email);
  await page.getByLabel('Password', { exact: true }).fill('Demo@1234');
  const refused = page.waitForResponse((res) => res.url().endsWith('/live-connect/api/login'));
  await page.getByRole('button', { name: 'Sign In' }).click();
  expect((await refused).status()).not.toBe(200);
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/(dashboard)?$/);
  await expect(page.getByRole('link', { name: 'My Courses' })).toBeVisible();
  await snap(page, 'dashboard-after-reset');
});
