import type { Frame, Page } from '@playwright/test';
import { expect, test } from '../helpers/test.ts';
import { newLearner } from '../helpers/accounts.ts';
import { openCheckout, payWithSandboxUpi, registerThroughUi } from '../helpers/learning.ts';
import { snapPhoneAndDesktop } from '../helpers/screenshots.ts';
import { expectAccessible } from '../helpers/axe.ts';

// Issue 16: most Indian payments are UPI, so the sandbox checkout opens on UPI (Razorpay's test IDs).
const course = 'Foundations of Mathematics';
const PHONE = { width: 360, height: 800 };

test.use({ viewport: PHONE });

/** The sandbox checkout page inside the modal's frame. */
function checkoutFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().includes('/sandbox/checkout/'));
  if (!frame) throw new Error('The sandbox checkout frame is not open');
  return frame;
}

/** The sandbox page as a phone shows it (no sideways scrolling in its frame) and as a desktop does. */
async function snapBothWidths(page: Page, name: string) {
  const frame = checkoutFrame(page);
  expect(
    await frame.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  await snapPhoneAndDesktop(page, name);
}

test('on a phone, a learner pays by UPI: failure@razorpay is declined, success@razorpay pays', async ({ page }) => {
  test.setTimeout(120_000);
  await registerThroughUi(page, newLearner());
  await page.goto('/courses');
  await expect(page.getByRole('heading', { name: 'Courses', exact: true })).toBeVisible();
  await openCheckout(page, course);
  await expect(page.locator('dl.price-summary')).toContainText(/Payment Amount\s*₹499\.00/);
  await page.getByRole('button', { name: 'Pay Now' }).click();

  // UPI is selected first; the other methods are a tap away.
  const dialog = page.getByRole('dialog', { name: 'Secure payment' });
  await expect(dialog).toBeVisible();
  const form = page.frameLocator('iframe[title="Payment form"]');
  await expect(form.getByRole('radio', { name: 'UPI', exact: true })).toBeChecked();
  await expect(form.getByLabel('UPI ID')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Pay ₹499.00' })).toBeVisible();
  await snapBothWidths(page, 'sandbox-upi');

  await form.getByRole('radio', { name: 'Netbanking', exact: true }).check();
  await expect(form.getByLabel('UPI ID')).toBeHidden();
  await form.getByRole('combobox', { name: 'Bank' }).selectOption({ label: 'HDFC Bank' });
  await snapBothWidths(page, 'sandbox-netbanking');
  await form.getByRole('button', { name: 'Pay ₹499.00' }).click();
  await expect(form.getByRole('heading', { name: 'HDFC Bank (sandbox)' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Success' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Failure' })).toBeVisible();
  await expectAccessible(page, 'sandbox bank page');
  await snapBothWidths(page, 'sandbox-bank-page');
  await form.getByRole('button', { name: 'Choose another bank' }).click();

  await form.getByRole('radio', { name: 'Card', exact: true }).check();
  await expect(form.getByLabel('Card number')).toBeVisible();
  await expectAccessible(page, 'sandbox card form');
  await snapBothWidths(page, 'sandbox-card');

  // A malformed UPI ID is refused on the page, before any payment.
  await payWithSandboxUpi(page, 'not-an-upi-id');
  await expect(form.getByRole('alert')).toHaveText('Enter a valid UPI ID, like name@bank.');
  await expect(form.getByLabel('UPI ID')).toHaveAttribute('aria-invalid', 'true');

  // failure@razorpay: declined, the form stays open for another try.
  await payWithSandboxUpi(page, 'failure@razorpay');
  await expect(form.getByRole('alert')).toHaveText('The UPI payment was declined.');
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'sandbox UPI declined');
  await snapBothWidths(page, 'sandbox-upi-declined');

  await payWithSandboxUpi(page, 'success@razorpay');
  await expect(page).toHaveURL(/\/success\?order=\d+$/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.locator('dl.order-details')).toContainText(/Amount paid\s*₹499\.00/);
});
