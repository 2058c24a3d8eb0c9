import { expect, test } from '../helpers/test.ts';
import { DEMO_LEARNER, newLearner } from '../helpers/accounts.ts';
import { readOtp } from '../helpers/mailbox.ts';
import { snap } from '../helpers/screenshots.ts';
import { expectAccessible } from '../helpers/axe.ts';

test('a learner registers through a referral link, chooses a batch, verifies the email and reaches the dashboard', async ({
  page,
}) => {
  const learner = newLearner();

  await page.goto(`/register/${DEMO_LEARNER.referralCode}`);
  await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
  // The referrer card shows who invited the learner, with email and phone masked.
  const referrer = page.getByRole('region', { name: 'Referred by' });
  await expect(referrer).toContainText(`${DEMO_LEARNER.firstName} ${DEMO_LEARNER.lastName}`);
  await expect(referrer).toContainText(`******${DEMO_LEARNER.mobile.slice(-4)}`);
  await expect(referrer).toContainText('@example.com');
  await expect(referrer).not.toContainText(DEMO_LEARNER.email);
  await expect(referrer).not.toContainText(DEMO_LEARNER.mobile);

  // Submitting the empty form shows the spec's messages.
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('First Name is required.')).toBeVisible();
  await expect(page.getByText('Accept the Disclaimer and Continue.')).toBeVisible();
  await expectAccessible(page, 'register with a referrer and its validation messages');

  await page.getByLabel('First Name', { exact: true }).fill(learner.firstName);
  await page.getByLabel('Last Name', { exact: true }).fill(learner.lastName);
  await page.getByLabel('Email', { exact: true }).fill(learner.email);
  await page.getByLabel('Mobile', { exact: true }).fill(learner.mobile);
  await page.getByLabel('Password', { exact: true }).fill(learner.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(learner.password);
  await page.getByRole('checkbox').check();
  await snap(page, 'register-referral-filled');
  const registeredAt = new Date(Date.now() - 1000);
  await page.getByRole('button', { name: 'Register' }).click();

  // Choose My Batch: a syllabus, then a standard, then Submit.
  await expect(page).toHaveURL(/\/choose-level$/);
  await expect(page.getByRole('heading', { name: 'Choose My Batch' })).toBeVisible();
  await page.getByLabel('Syllabus', { exact: true }).selectOption({ label: 'CBSE' });
  await expect(
    page.getByLabel('Standard', { exact: true }).locator('option', { hasText: 'Standard 10' }),
  ).toBeAttached();
  await page.getByLabel('Standard', { exact: true }).selectOption({ label: 'Standard 10' });
  await page.getByLabel('Date of Birth', { exact: true }).fill('1995-04-12');
  await snap(page, 'choose-level');
  await expectAccessible(page, 'choose my batch');
  await page.getByRole('button', { name: 'Submit' }).click();

  // Verify with the code from the dev mailbox.
  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(learner.email);
  const otp = await readOtp(page.request, learner.email, registeredAt);
  await page.getByLabel('OTP', { exact: true }).fill(otp);
  await snap(page, 'verify');
  await expectAccessible(page, 'verify (OTP)');
  await page.getByRole('button', { name: 'Verify' }).click();

  // The dashboard, inside the application shell.
  await expect(page).toHaveURL(/\/(dashboard)?$/);
  await expect(page.getByRole('link', { name: 'My Courses' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await snap(page, 'dashboard-after-register');
  await expectAccessible(page, 'dashboard of a new learner');

  // The account is verified: reopening /verify sends the learner home.
  await page.goto('/verify');
  await expect(page).toHaveURL(/\/(dashboard)?$/);
});

test('an unknown referral code goes back to the plain register page', async ({ page }) => {
  await page.goto('/register/NOSUCH22');
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('region', { name: 'Referred by' })).toHaveCount(0);
  await snap(page, 'register-invalid-referral');
  await expectAccessible(page, 'register');
});
