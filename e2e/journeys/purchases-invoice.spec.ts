import { expect, test } from '../helpers/test.ts';
import { DEMO_LEARNER, logOutThroughMenu, pickLanguage, signIn } from '../helpers/accounts.ts';
import { openCheckout, payWithSandboxUpi } from '../helpers/learning.ts';
import { keepDownload, snap } from '../helpers/screenshots.ts';
import { expectAccessible } from '../helpers/axe.ts';
import { expectNoSidewaysScroll } from '../helpers/layout.ts';

// Issue 16: a paid purchase gets a GST tax invoice, linked from the success page and the Purchases page.
const course = 'Foundations of Mathematics';
const PHONE = { width: 360, height: 800 };

test.use({ viewport: PHONE });

test('a learner pays, downloads the GST invoice, and finds it on the Purchases page in three languages', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
  await page.goto('/courses');
  await expect(page.getByRole('heading', { name: 'Courses', exact: true })).toBeVisible();
  await openCheckout(page, course);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await payWithSandboxUpi(page, 'success@razorpay');
  await expect(page).toHaveURL(/\/success\?order=\d+$/);

  // The success page links the invoice, through a signed link that needs no token.
  const invoiceLink = page.getByRole('link', { name: /^Download invoice INV\/\d{2}-\d{2}\/\d{6} \(PDF\)$/ });
  await expect(invoiceLink).toHaveText('Download your GST invoice');
  await snap(page, 'purchases-success-invoice-360');
  const href = (await invoiceLink.getAttribute('href'))!;
  expect(href).toMatch(/^\/live-connect\/api\/invoices\/\d+\/pdf\?u=\d+&t=\d+&e=\d+&s=[0-9a-f]+$/);
  const pdf = await page.request.get(href, { headers: { authorization: '' } });
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  keepDownload('purchases-invoice.pdf', await pdf.body());

  // The side menu leads to Purchases (a drawer on a phone).
  await page.getByRole('button', { name: /menu/i }).first().click();
  await page.getByRole('link', { name: 'Purchases' }).click();
  await expect(page).toHaveURL(/\/purchases$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Purchases' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: course });
  await expect(card).toContainText('Paid');
  await expect(card).toContainText('₹499.00');
  await expect(card).toContainText(/Invoice INV\/\d{2}-\d{2}\/\d{6}/);
  await expect(card.getByRole('link', { name: /^Download invoice/ })).toHaveAttribute('href', /\/invoices\/\d+\/pdf\?/);
  await expectAccessible(page, 'purchases page');
  await snap(page, 'purchases-en-360');
  await page.setViewportSize({ width: 1280, height: 800 });
  await snap(page, 'purchases-en-1280');

  // In Hindi and Malayalam, at 360 px.
  await page.setViewportSize(PHONE);
  for (const [language, title] of [
    ['हिन्दी', 'खरीदारी'],
    ['മലയാളം', 'വാങ്ങലുകൾ'],
  ] as const) {
    await pickLanguage(page, language);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await snap(page, `purchases-${language === 'हिन्दी' ? 'hi' : 'ml'}-360`);
  }

  // Logging out ends the invoice links too: on a shared phone, one left in the history opens nothing.
  await pickLanguage(page, 'English');
  await logOutThroughMenu(page);
  expect((await page.request.get(href, { headers: { authorization: '' } })).status()).toBe(403);
});
