import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../helpers/test.ts';
import { newLearner, pickLanguage } from '../helpers/accounts.ts';
import { payWithSandboxCard, registerThroughUi } from '../helpers/learning.ts';
import { snap, snapPhoneAndDesktop } from '../helpers/screenshots.ts';
import { expectAccessible } from '../helpers/axe.ts';

/** Issue 16, part 7: a 13-year-old's guardian consents by link before the child can pay; at 360 px. */
test.use({ viewport: { width: 360, height: 780 } });

const course = 'Foundations of Mathematics';

/** Thirteen years old today, in India time. */
function thirteenYearsOld(): string {
  const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
  const [y, m] = today.split('-').map(Number) as [number, number];
  const month = m === 1 ? 12 : m - 1;
  return `${(m === 1 ? y - 1 : y) - 13}-${String(month).padStart(2, '0')}-01`;
}

/** The consent link's path in the newest mail to `email` in the dev mailbox. */
async function consentLinkMailedTo(request: APIRequestContext, email: string): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/dev/mailbox')).json()) as { to: string; text: string }[];
        path = mails.find((m) => m.to === email)?.text.match(/\/guardian\/consent\/[A-Za-z0-9_-]+(\?lang=\w+)?/)?.[0];
        return path ? 'found' : `no consent mail to ${email} yet`;
      },
      { message: `a consent mail to ${email}`, timeout: 15_000 },
    )
    .toBe('found');
  return path!;
}

/** At 360 px the side menu is a drawer: open it, then Courses. */
async function openCoursesAt360(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Courses', exact: true }).click();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.getByRole('heading', { name: 'Courses', exact: true })).toBeVisible();
}

/**
 * Courses → 'More Details' → 'Buy Now' → the checkout page. (Not the shared openCheckout: for a learner
 * whose money actions are blocked the consent panel stands where the course's payment form would be.)
 */
async function buyNow(page: Page, name: string) {
  await page.getByRole('button', { name: `More Details: ${name}` }).click();
  await page.getByRole('dialog', { name }).getByRole('link', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Checkout', exact: true })).toBeVisible();
}

test('a 13-year-old names a guardian, who agrees by the mailed link; then the child pays, and withdrawing blocks again', async ({
  page,
  newContext,
}) => {
  test.setTimeout(180_000);
  const child = newLearner();
  const guardianEmail = `parent.${child.email}`;
  await registerThroughUi(page, child, '/register', undefined, thirteenYearsOld());

  // The payment page says why it cannot pay yet, and asks for a guardian.
  await openCoursesAt360(page);
  await buyNow(page, course);
  await expect(page.getByRole('heading', { name: 'A parent or guardian must agree first' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  // The form is its own chunk, fetched once the page knows it is needed.
  await expect(page.getByLabel("Parent or guardian's name")).toBeVisible();
  await snapPhoneAndDesktop(page, 'consent-needed');
  await expectAccessible(page, 'checkout: consent needed');
  await page.getByLabel("Parent or guardian's name").fill('Lakshmi Krishnan');
  await page.getByLabel("Parent or guardian's email").fill(guardianEmail);
  await page.getByRole('button', { name: 'Send consent link' }).click();
  await expect(page.getByTestId('consent-pending')).toContainText('Waiting for Lakshmi Krishnan');
  await snap(page, 'consent-pending-360');
  // The same panel in Hindi and Malayalam (the header's picker keeps the choice in the profile), and on a desktop.
  await pickLanguage(page, 'हिन्दी');
  await expect(page.getByRole('heading', { name: 'पहले माता-पिता या अभिभावक की सहमति चाहिए' })).toBeVisible();
  await snap(page, 'consent-pending-360-hi');
  await pickLanguage(page, 'മലയാളം');
  await expect(page.getByRole('heading', { name: 'ആദ്യം മാതാപിതാക്കളുടെയോ രക്ഷിതാവിന്റെയോ സമ്മതം വേണം' })).toBeVisible();
  await snap(page, 'consent-pending-360-ml');
  await pickLanguage(page, 'English');
  await page.setViewportSize({ width: 1280, height: 900 });
  await snap(page, 'consent-pending-desktop');
  await page.setViewportSize({ width: 360, height: 780 });

  // The guardian, on their own phone (no account), opens the link from the mail.
  const link = await consentLinkMailedTo(page.request, guardianEmail);
  const guardianContext = await newContext({ viewport: { width: 360, height: 780 } });
  const guardian = await guardianContext.newPage();
  await guardian.goto(link);
  await expect(
    guardian.getByRole('heading', { level: 1, name: `${child.firstName} ${child.lastName} asks for your consent` }),
  ).toBeVisible();
  await expect(guardian.getByRole('heading', { name: "What we do with your child's data" })).toBeVisible();
  await snap(guardian, 'guardian-consent-pending-360');
  await expectAccessible(guardian, 'guardian consent page');
  await expect(guardian.getByRole('button', { name: 'I agree' })).toBeDisabled();
  await guardian.getByLabel(/I am .* parent or guardian/).check();
  await guardian.getByRole('button', { name: 'I agree' }).click();
  await expect(guardian.getByRole('heading', { name: 'You have agreed' })).toBeVisible();
  await expect(guardian.getByText('No purchases yet.')).toBeVisible();
  await snap(guardian, 'guardian-consent-given-360');

  // The child can now reach the payment form, and pays.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'A parent or guardian must agree first' })).toHaveCount(0);
  await snap(page, 'consent-given-checkout-360');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await payWithSandboxCard(page, `${child.firstName} ${child.lastName}`, '₹499.00');
  await expect(page).toHaveURL(/\/success\?order=\d+$/);

  // The guardian sees the purchase, in each language, and withdraws consent.
  await guardian.reload();
  await expect(guardian.getByRole('cell', { name: course })).toBeVisible();
  await expect(guardian.getByText('Paid', { exact: true }).first()).toBeVisible();
  // The parent who paid keeps the GST tax invoice: a PDF through their own link, no account needed.
  const invoice = guardian.getByRole('link', { name: `GST invoice for ${course} (PDF)` });
  await expect(invoice).toBeVisible();
  const pdf = await guardian.request.get((await invoice.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await snapPhoneAndDesktop(guardian, 'guardian-purchases');
  await expectAccessible(guardian, 'guardian purchases with the tax invoice');
  await pickLanguage(guardian, 'हिन्दी');
  await expect(guardian.getByRole('heading', { name: 'आपने सहमति दे दी है' })).toBeVisible();
  await snap(guardian, 'guardian-purchases-360-hi');
  await pickLanguage(guardian, 'മലയാളം');
  await expect(guardian.getByRole('heading', { name: 'നിങ്ങൾ സമ്മതം നൽകി' })).toBeVisible();
  await snap(guardian, 'guardian-purchases-360-ml');
  await pickLanguage(guardian, 'English');
  await guardian.getByRole('button', { name: 'Withdraw consent' }).click();
  await guardian.getByRole('button', { name: 'Withdraw consent' }).click();
  await expect(guardian.getByRole('heading', { name: 'Consent withdrawn' })).toBeVisible();
  await snap(guardian, 'guardian-withdrawn-360');

  // The privacy page, linked from the guardian's page, names the operator and the grievance officer.
  await guardian.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(guardian.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(guardian.getByTestId('grievance-officer')).toBeVisible();
  await snap(guardian, 'privacy-360');
  await expectAccessible(guardian, 'privacy policy');
  await guardianContext.close();

  // Blocked again at once: the wallet's and the checkout's money actions show why.
  await openCoursesAt360(page);
  await buyNow(page, 'Life Science Essentials');
  // The status is read again on the money screen: the panel replaces the payment form.
  await expect(page.getByRole('heading', { name: 'A parent or guardian must agree first' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  await expect(page.getByText(/withdrew consent on/)).toBeVisible();
  await snap(page, 'consent-withdrawn-checkout-360');
});

test('the privacy page and the terms, linked from the sign-in page, in three languages at 360 px and on a desktop', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByTestId('legal-operator')).toContainText('is run by');
  await expect(page.getByTestId('grievance-officer')).toBeVisible();
  await expect(page.getByRole('heading', { name: "Children's data" })).toBeVisible();
  for (const [language, name, terms] of [
    ['en', 'English', 'Terms'],
    ['hi', 'हिन्दी', 'शर्तें'],
    ['ml', 'മലയാളം', 'നിബന്ധനകൾ'],
  ] as const) {
    if (language !== 'en') await pickLanguage(page, name);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await page.setViewportSize({ width: 360, height: 780 });
    await snap(page, `privacy-360-${language}`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await snap(page, `privacy-desktop-${language}`);
    await page.getByRole('link', { name: terms }).last().click();
    await expect(page).toHaveURL(/\/terms$/);
    await snap(page, `terms-desktop-${language}`);
    await page.setViewportSize({ width: 360, height: 780 });
    await snap(page, `terms-360-${language}`);
    await expectAccessible(page, `terms (${language})`);
    await page.goBack();
  }
});
