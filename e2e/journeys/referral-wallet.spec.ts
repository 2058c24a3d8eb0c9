import { expect, test } from '../helpers/test.ts';
import { newLearner } from '../helpers/accounts.ts';
import { answerQuiz, openCheckout, openCourses, payWithSandboxCard, registerThroughUi } from '../helpers/learning.ts';
import { snap } from '../helpers/screenshots.ts';
import { setRates } from '../helpers/admin.ts';
import { expectAccessible } from '../helpers/axe.ts';

// B buys Coding with Python at its offer price, ₹1,499: A's 10% commission is ₹149.90.
const paidCourse = 'Coding with Python';
const commission = '₹149.90';
const freeCourse = 'India and the World: General Knowledge';

test('A invites B, B registers through the link and buys a course, A sees B and the commission and withdraws', async ({
  newContext,
  baseURL,
  request,
}) => {
  test.setTimeout(240_000);
  await setRates(request, { refund_window_days: 0 });
  const contextA = await newContext();
  await contextA.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const pageA = await contextA.newPage();
  const a = newLearner();
  await registerThroughUi(pageA, a);

  // A: Dashboard → Invite People → Copy Link.
  await pageA.getByRole('button', { name: 'Invite People' }).click();
  const invite = pageA.getByRole('dialog', { name: 'Invite People' });
  const linkField = invite.getByLabel('Your referral link');
  await expect(linkField).toHaveValue(new RegExp(`^${baseURL}/register/[A-Z2-9]+$`));
  const shownLink = await linkField.inputValue();
  await invite.getByRole('button', { name: 'Copy Link' }).click();
  await expect(pageA.getByText('Copied to clipboard!')).toBeVisible();
  const copiedLink = await pageA.evaluate(() => navigator.clipboard.readText());
  expect(copiedLink).toBe(shownLink);
  await snap(pageA, 'referral-invite');
  await expectAccessible(pageA, 'invite people');
  await invite.getByRole('button', { name: 'Close' }).click();
  const slots = pageA.getByRole('list', { name: 'Required sub-users' });
  await expect(slots.getByText('Open slot')).toHaveCount(2);

  // A studies the free course and takes its quiz (graded; a free course earns no Quiz Points).
  await openCourses(pageA);
  await openCheckout(pageA, freeCourse);
  await pageA.getByRole('button', { name: 'Pay Now' }).click();
  await expect(pageA.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await pageA.getByRole('link', { name: 'Back to My Course' }).click();
  await pageA.getByRole('link', { name: `View More: ${freeCourse}` }).click();
  await pageA.getByRole('link', { name: 'Quiz: Geography of India', exact: true }).click();
  await answerQuiz(pageA, { wrong: 2 });
  await expect(pageA.getByRole('heading', { name: 'Total Mark: 8 (80%)' })).toBeVisible();

  // B, in a browser of their own, registers through the copied link and buys a paid course.
  const contextB = await newContext();
  const pageB = await contextB.newPage();
  const b = { ...newLearner(), firstName: 'Bhavana', lastName: 'Pillai', mobile: `97${String(Date.now()).slice(-8)}` };
  b.email = b.email.replace('meera.', 'bhavana.');
  await pageB.goto(copiedLink);
  await expect(pageB.getByRole('region', { name: 'Referred by' })).toContainText(`${a.firstName} ${a.lastName}`);
  await registerThroughUi(pageB, b, new URL(copiedLink).pathname);
  await openCourses(pageB);
  await openCheckout(pageB, paidCourse);
  await expect(pageB.locator('dl.price-summary')).toContainText(/Payment Amount\s*₹1,499\.00/);
  await pageB.getByRole('button', { name: 'Pay Now' }).click();
  await payWithSandboxCard(pageB, `${b.firstName} ${b.lastName}`, '₹1,499.00');
  await expect(pageB.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await contextB.close();

  // A's dashboard: B fills one of the two slots of the first level.
  await pageA.getByRole('link', { name: 'Dashboard' }).click();
  await expect(slots.getByText(`${b.firstName} ${b.lastName}`)).toBeVisible();
  await expect(slots.getByText('Open slot')).toHaveCount(1);
  await expect(pageA.getByText('Sub-users who bought a course: 1 of 2')).toBeVisible();
  await expect(pageA.getByTestId('level-percent')).toHaveText('50.00%');
  await snap(pageA, 'referral-dashboard');
  await expectAccessible(pageA, 'dashboard with a sub-user');
  await pageA.getByRole('link', { name: 'See all' }).click();
  await expect(pageA).toHaveURL(/\/users$/);
  // The URL changes before the Users page is drawn (its chunk may still be loading): the dashboard's
  // own list of B must not be the one found, so look in the Users page's table of those who bought.
  await expect(pageA.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(
    pageA.getByRole('region', { name: 'Active Users' }).getByText(`${b.firstName} ${b.lastName}`),
  ).toBeVisible();
  await expectAccessible(pageA, 'sub-users');

  // A's wallet: the commission and the quiz points.
  await pageA.getByRole('link', { name: 'Wallet' }).click();
  await expect(pageA.getByRole('heading', { name: 'Wallet' })).toBeVisible();
  await expect(pageA.getByTestId('wallet-balance')).toHaveText(commission);
  // The quiz A took was of a free course: graded, but no Quiz Points (only money paid earns points).
  await expect(pageA.getByTestId('wallet-points')).toHaveText('0');
  await expect(pageA.getByRole('button', { name: 'Redeem Point' })).toHaveCount(0);
  const rows = pageA.locator('table.transactions-table tbody tr');
  const commissionRow = rows.filter({ hasText: 'Referral Commission' });
  await expect(commissionRow).toHaveCount(1);
  await expect(commissionRow).toContainText(commission);
  await expectAccessible(pageA, 'wallet');

  // Withdrawing without bank details sends A to Profile.
  await pageA.getByRole('button', { name: 'Withdraw to account' }).click();
  let withdraw = pageA.getByRole('dialog', { name: 'Withdraw to account' });
  await withdraw.getByLabel('Amount').fill('50');
  await withdraw.getByRole('button', { name: 'Continue' }).click();
  await expect(withdraw.getByText('The minimum withdrawal is ₹100.00.')).toBeVisible();
  await expectAccessible(pageA, 'withdraw form with its validation message');
  await withdraw.getByLabel('Amount').fill('100');
  await withdraw.getByRole('button', { name: 'Continue' }).click();
  await pageA.getByRole('dialog', { name: 'Confirm Withdrawal' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(pageA.getByText('Please fill account details')).toBeVisible();
  await expect(pageA).toHaveURL(/\/profile#bank-account$/);
  await expectAccessible(pageA, 'profile');

  // Profile: bank details.
  const bank = pageA.getByRole('form', { name: 'Bank Account Information' });
  await bank.getByLabel('Account Holder Name').fill(`${a.firstName} ${a.lastName}`);
  await bank.getByLabel('Bank Name').fill('State Bank of India');
  await bank.getByLabel('Branch Name').fill('Kochi Main');
  await bank.getByLabel('Account Number').fill('123456789012');
  await bank.getByLabel('IFSC Code').fill('SBIN0070123');
  await bank.getByLabel('PAN Card').fill('ABCPK1234F');
  await bank.getByLabel('Current Password', { exact: true }).fill(a.password);
  await bank.getByRole('button', { name: 'Update Bank Details' }).click();
  await expect(bank.getByTestId('bank-on-file')).toContainText('State Bank of India');
  await expect(bank.getByTestId('bank-on-file')).not.toContainText('123456789012');
  await snap(pageA, 'referral-profile-bank');

  await pageA.getByRole('link', { name: 'Wallet' }).click();

  // Withdraw ₹100 to the account on file: held as Pending.
  await pageA.getByRole('button', { name: 'Withdraw to account' }).click();
  withdraw = pageA.getByRole('dialog', { name: 'Withdraw to account' });
  await expect(withdraw).toContainText('State Bank of India');
  await withdraw.getByLabel('Amount').fill('100');
  await withdraw.getByRole('button', { name: 'Continue' }).click();
  const confirm = pageA.getByRole('dialog', { name: 'Confirm Withdrawal' });
  await expect(confirm.getByTestId('withdraw-summary')).toHaveText('₹100.00');
  await expect(confirm).toContainText('Balance after: ₹49.90');
  await expectAccessible(pageA, 'confirm withdrawal');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toBeHidden();
  await expect(pageA.getByTestId('wallet-balance')).toHaveText('₹49.90');
  const withdrawal = rows.filter({ hasText: 'Withdraw' });
  await expect(withdrawal).toHaveCount(1);
  await expect(withdrawal).toContainText('₹100.00 (Pending)');
  await snap(pageA, 'referral-wallet');
  await expectAccessible(pageA, 'wallet after the withdrawal');
  await contextA.close();
});
