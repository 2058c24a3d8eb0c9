import { expect, test } from '../helpers/test.ts';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { newLearner } from '../helpers/accounts.ts';
import { expectAccessible } from '../helpers/axe.ts';
import { expectNoSidewaysScroll } from '../helpers/layout.ts';
import {
  answerQuizFrom,
  DEMO_ADMIN,
  openAdminSection,
  openConsoleAsAdmin,
  setRates,
  sumsQuestionBank,
  toCsv,
} from '../helpers/admin.ts';
import { openCheckout, openCourses, payWithSandboxCard, registerThroughUi } from '../helpers/learning.ts';
import { snap } from '../helpers/screenshots.ts';

const pdfPath = fileURLToPath(new URL('../../packages/db/src/seed/assets/newtons-laws.pdf', import.meta.url));

test('an admin builds and publishes a course, a learner buys it and takes the quiz, the admin settles their withdrawal', async ({
  newContext,
  request,
}) => {
  test.setTimeout(240_000);
  await setRates(request, { refund_window_days: 0 });
  const tag = Date.now().toString(36);
  const course = `Motion Basics ${tag}`;
  const term = 'Term 1: Forces';
  const chapter = "Newton's Laws";
  const bank = sumsQuestionBank(tag);
  const answers = new Map(bank.map((q) => [q.question, q.correct]));

  // The admin signs in and opens the console from the side menu.
  const adminContext = await newContext();
  const admin = await adminContext.newPage();
  await openConsoleAsAdmin(admin);
  await openAdminSection(admin, 'Courses');
  await expectAccessible(admin, 'admin: courses');

  // Courses → New course: a paid draft.
  await admin.getByRole('link', { name: 'New course' }).click();
  await expect(admin.getByRole('heading', { name: 'New course', level: 1 })).toBeVisible();
  const form = admin.getByRole('form', { name: 'New course' });
  await form.getByLabel('Name', { exact: true }).fill(course);
  await form.getByLabel('About', { exact: true }).fill('Forces, motion and the laws that tie them, with a quiz.');
  await form.getByLabel('Price (₹)', { exact: true }).fill('299');
  await form.getByLabel('Offer price (₹)', { exact: true }).fill('199');
  await expect(form.getByLabel('Published', { exact: true })).not.toBeChecked();
  await expectAccessible(admin, 'admin: new course');
  await form.getByRole('button', { name: 'Create course' }).click();
  await expect(admin.getByText('Course created.')).toBeVisible();
  await expect(admin).toHaveURL(/\/admin\/courses\/\d+$/);
  await expect(admin.getByRole('heading', { name: course, level: 1 })).toBeVisible();
  await expect(admin.getByText('Draft', { exact: true })).toBeVisible();
  await expect(admin.getByText('No terms yet. Add one, then its chapters.')).toBeVisible();

  // A term.
  await admin.getByRole('button', { name: 'Add term' }).click();
  const termDialog = admin.getByRole('dialog', { name: 'Add a term' });
  await termDialog.getByLabel('Name', { exact: true }).fill(term);
  await termDialog.getByLabel('About', { exact: true }).fill('How things move and why.');
  await expectAccessible(admin, 'admin: add a term');
  await termDialog.getByRole('button', { name: 'Add term' }).click();
  await expect(termDialog).toBeHidden();
  const chapters = admin.getByRole('table', { name: `Chapters of ${term}` });
  await expect(chapters.getByText('No chapters yet.')).toBeVisible();

  // A PDF chapter, uploaded from the seed's assets.
  await admin.getByRole('button', { name: 'Add chapter' }).click();
  const chapterDialog = admin.getByRole('dialog', { name: 'Add a chapter' });
  await chapterDialog.getByLabel('Name', { exact: true }).fill(chapter);
  await expect(chapterDialog.getByLabel('Content')).toHaveValue('pdf');
  await chapterDialog.getByLabel('PDF file').setInputFiles(pdfPath);
  await expectAccessible(admin, 'admin: add a chapter');
  await chapterDialog.getByRole('button', { name: 'Add chapter' }).click();
  await expect(admin.getByText('Chapter added.')).toBeVisible();
  await expect(chapterDialog).toBeHidden();
  const chapterRow = chapters.getByRole('row').filter({ hasText: chapter });
  await expect(chapterRow).toContainText('PDF');
  await expect(chapterRow).toContainText('File uploaded');
  await snap(admin, 'admin-course');
  await expectAccessible(admin, 'admin: course');

  // Its question bank: 10 questions from a CSV, previewed, then imported.
  await chapterRow.getByRole('link', { name: '0 questions' }).click();
  await expect(admin.getByRole('heading', { name: `Questions: ${chapter}`, level: 1 })).toBeVisible();
  await expect(admin.getByText('No questions yet. Add some or import a CSV.')).toBeVisible();
  await admin.getByRole('button', { name: 'Import CSV' }).click();
  await admin.getByLabel('CSV file').setInputFiles({
    name: 'motion-questions.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(toCsv(bank)),
  });
  const preview = admin.getByRole('region', { name: 'Import preview' });
  await expect(preview.getByText('motion-questions.csv: 10 questions ready to import.')).toBeVisible();
  await expect(preview.locator('tbody tr')).toHaveCount(10);
  await expect(preview.locator('tbody tr').first()).toContainText(bank[0]!.question);
  await snap(admin, 'admin-import-preview');
  await expectAccessible(admin, 'admin: questions with the import preview');
  await preview.getByRole('button', { name: 'Import' }).click();
  await expect(admin.getByText('10 questions imported.')).toBeVisible();
  await expect(preview).toBeHidden();
  const questionRows = admin.locator('table.admin-table tbody tr');
  await expect(questionRows).toHaveCount(10);
  await expect(questionRows.filter({ hasText: bank[9]!.question })).toContainText(`${bank[9]!.correct} (correct)`);

  // Back to the course list: the course is a draft with one term; publish it.
  await openAdminSection(admin, 'Courses');
  const courseRow = admin.getByRole('row').filter({ hasText: course });
  await expect(courseRow).toContainText('₹299.00');
  await expect(courseRow).toContainText('₹199.00');
  const publish = courseRow.getByLabel(`Published: ${course}`);
  await expect(publish).not.toBeChecked();
  await publish.check();
  await expect(admin.getByText(`${course} is published.`)).toBeVisible();
  await expect(publish).toBeChecked();

  // The console's other sections (each once, as the admin finds them).
  for (const section of [
    'Categories',
    'Syllabuses & Batches',
    'Ads',
    'Offer codes',
    'Purchases',
    'Users',
    'Held referrals',
    'Levels & rates',
    'Audit log',
    'Background jobs',
  ]) {
    await openAdminSection(admin, section);
    await expectAccessible(admin, `admin: ${section}`);
  }
  await openAdminSection(admin, 'Users');
  await admin.getByRole('link', { name: `${DEMO_ADMIN.firstName} ${DEMO_ADMIN.lastName}` }).click();
  await expect(
    admin.getByRole('heading', { name: `${DEMO_ADMIN.firstName} ${DEMO_ADMIN.lastName}`, level: 1 }),
  ).toBeVisible();
  await expectAccessible(admin, 'admin: a user');

  // A new learner, in a browser of their own, finds the course and buys it through the sandbox.
  const learnerContext = await newContext();
  const page = await learnerContext.newPage();
  const learner = newLearner();
  await registerThroughUi(page, learner);
  await openCourses(page);
  const card = page.getByRole('article', { name: course });
  await expect(card.locator('del')).toContainText('₹299.00');
  await expect(card).toContainText('₹199.00');
  await openCheckout(page, course);
  await expect(page.locator('dl.price-summary')).toContainText(/Payment Amount\s*₹199\.00/);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await payWithSandboxCard(page, `${learner.firstName} ${learner.lastName}`, '₹199.00');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to My Course' }).click();

  // The admin's chapter and quiz.
  await page.getByRole('link', { name: `View More: ${course}` }).click();
  await expect(page.getByRole('heading', { name: course })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(chapter) }).click();
  const reader = page.getByRole('region', { name: 'Chapter' }).getByRole('region', { name: `PDF: ${chapter}` });
  await expect(reader.locator('canvas')).toBeVisible();
  await expect(reader.locator('.pdf-page-label')).toHaveText(/^Page 1 of \d+$/);
  await page.getByRole('link', { name: `Quiz: ${chapter}`, exact: true }).click();
  await answerQuizFrom(page, answers);
  await expect(page.getByRole('heading', { name: 'Total Mark: 10 (100%)' })).toBeVisible();
  await snap(page, 'admin-journey-quiz-result');

  // The learner invites a friend, who registers through the link and buys Coding with Python
  // (₹1,499): the learner's 10% commission, ₹149.90, is above the ₹100 minimum withdrawal.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('button', { name: 'Invite People' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite People' });
  const referralLink = await invite.getByLabel('Your referral link').inputValue();
  await invite.getByRole('button', { name: 'Close' }).click();
  const friendContext = await newContext();
  const friendPage = await friendContext.newPage();
  const friend = {
    ...newLearner(),
    firstName: 'Bhavana',
    lastName: 'Pillai',
    mobile: `97${String(Date.now()).slice(-8)}`,
  };
  friend.email = friend.email.replace('meera.', 'bhavana.');
  await registerThroughUi(friendPage, friend, new URL(referralLink).pathname);
  await openCourses(friendPage);
  await openCheckout(friendPage, 'Coding with Python');
  await friendPage.getByRole('button', { name: 'Pay Now' }).click();
  await payWithSandboxCard(friendPage, `${friend.firstName} ${friend.lastName}`, '₹1,499.00');
  await expect(friendPage.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await friendContext.close();

  // The learner's wallet: the quiz's 10 points and the commission.
  await page.getByRole('link', { name: 'Wallet' }).click();
  await expect(page.getByRole('heading', { name: 'Wallet' })).toBeVisible();
  await expect(page.getByTestId('wallet-points')).toHaveText('10');
  await expect(page.getByTestId('wallet-balance')).toHaveText('₹149.90');

  // Profile: bank details.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page
    .getByRole('menuitem', { name: 'Profile' })
    .or(page.getByRole('link', { name: 'Profile' }))
    .click();
  const bankForm = page.getByRole('form', { name: 'Bank Account Information' });
  await bankForm.getByLabel('Account Holder Name').fill(`${learner.firstName} ${learner.lastName}`);
  await bankForm.getByLabel('Bank Name').fill('Canara Bank');
  await bankForm.getByLabel('Branch Name').fill('Thrissur');
  await bankForm.getByLabel('Account Number').fill('987654321098');
  await bankForm.getByLabel('IFSC Code').fill('CNRB0001234');
  await bankForm.getByLabel('PAN Card').fill('ABCPK1234F');
  await bankForm.getByLabel('Current Password', { exact: true }).fill(learner.password);
  await bankForm.getByRole('button', { name: 'Update Bank Details' }).click();
  await expect(bankForm.getByTestId('bank-on-file')).toContainText('Canara Bank');

  // Withdraw ₹100: held as Pending.
  await page.getByRole('link', { name: 'Wallet' }).click();
  await page.getByRole('button', { name: 'Withdraw to account' }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw to account' });
  await expect(withdraw).toContainText('Canara Bank');
  await withdraw.getByLabel('Amount').fill('100');
  await withdraw.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Withdrawal' });
  await expect(confirm.getByTestId('withdraw-summary')).toHaveText('₹100.00');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₹49.90');
  const rows = page.locator('table.transactions-table tbody tr');
  const withdrawal = rows.filter({ hasText: 'Withdraw' });
  await expect(withdrawal).toHaveCount(1);
  await expect(withdrawal).toContainText('₹100.00 (Pending)');

  // The admin: Withdrawals (Pending by default) → Mark as Done with the bank reference.
  const reference = `UTR${tag.toUpperCase()}`;
  await openAdminSection(admin, 'Withdrawals');
  const pending = admin.getByRole('row').filter({ hasText: learner.email });
  await expect(pending).toContainText('₹100.00');
  await expect(pending).toContainText('Canara Bank');
  await expect(pending).toContainText('Pending');
  await expectAccessible(admin, 'admin: withdrawals');
  await pending.getByRole('button', { name: 'Mark as Done' }).click();
  const settle = admin.getByRole('dialog', { name: 'Mark withdrawal as Done' });
  const payTo = settle.getByRole('definition').filter({ hasText: '987654321098' });
  await expect(payTo).toBeVisible();
  await expect(settle).toContainText('CNRB0001234');
  await settle.getByLabel('Bank reference').fill(reference);
  await snap(admin, 'admin-settle-withdrawal');
  await expectAccessible(admin, 'admin: settle a withdrawal');
  await settle.getByRole('button', { name: 'Mark as Done' }).click();
  await expect(settle).toBeHidden();
  await expect(admin.getByTestId('settle-result')).toHaveText(
    `₹100.00 to ${learner.firstName} ${learner.lastName} marked as Done (bank reference ${reference}).`,
  );
  await expect(admin.getByRole('row').filter({ hasText: learner.email })).toHaveCount(0);
  await admin.getByRole('combobox', { name: 'Status' }).selectOption('Done');
  const done = admin.getByRole('row').filter({ hasText: learner.email });
  await expect(done).toContainText(`Ref ${reference}`);
  await expect(done.getByRole('button', { name: 'Mark as Done' })).toHaveCount(0);
  await snap(admin, 'admin-withdrawals-done');
  await expectAccessible(admin, 'admin: withdrawals, done');

  // The accountant's registers: this month's payouts list the transfer with its bank reference, and the GST
  // register the learner's tax invoice.
  await openAdminSection(admin, 'Reports');
  await expectAccessible(admin, 'admin: reports');
  const register = async (name: RegExp) => {
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name }).click()]);
    return readFile(await download.path(), 'utf8');
  };
  const payouts = (await register(/Payouts/)).split('\r\n').filter((line) => line.includes(reference));
  expect(payouts).toHaveLength(1);
  expect(payouts[0]).toContain(`Paid,`);
  expect(payouts[0]).toContain(`${learner.firstName} ${learner.lastName}`);
  expect(payouts[0]).toContain(',100.00,');
  expect(await register(/GST register/)).toMatch(
    new RegExp(`Tax invoice,INV/\\d{2}-\\d{2}/\\d{6},.*,${learner.email},`),
  );

  // On the operator's phone no page of the console scrolls sideways; a wide table scrolls inside its own region.
  // Its hidden 'Actions' headings once escaped that region and stretched the page to 466-730 px.
  const desktop = admin.viewportSize()!;
  await admin.setViewportSize({ width: 360, height: 740 });
  for (const section of ['/admin/courses', '/admin/categories', '/admin/withdrawals', '/admin/levels-rates']) {
    await admin.goto(section);
    await expect(admin.getByRole('main').getByRole('table').first()).toBeVisible();
    await expectNoSidewaysScroll(admin, `${section} at 360 px`, { tablesMayScroll: true });
  }
  await admin.setViewportSize(desktop);

  // The learner's wallet: the withdrawal is no longer pending.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Wallet' })).toBeVisible();
  await expect(withdrawal).toHaveCount(1);
  await expect(withdrawal).toContainText('₹100.00');
  await expect(withdrawal).not.toContainText('(Pending)');
  await expect(withdrawal).toContainText(`Bank reference: ${reference}`);
  await expect(page.getByTestId('wallet-balance')).toHaveText('₹49.90');
  await snap(page, 'admin-journey-learner-wallet');
  // The learner is told by mail too (the dev outbox here), with the same bank reference.
  const mails = (await (await page.request.get('/dev/mailbox')).json()) as {
    to: string;
    subject: string;
    text: string;
  }[];
  const paidMail = mails.find((m) => m.to === learner.email && m.subject.endsWith('has been paid'));
  expect(paidMail?.text).toContain(`Bank reference: ${reference}`);

  await learnerContext.close();
  await adminContext.close();
});
