import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Steps of the admin console journey (issue 6). */

/** The seeded operator (admin role): the seed's own constant. */
import { DEMO_ADMIN } from '../../packages/db/src/seed/content/accounts.ts';
import { signIn } from './accounts.ts';

export { DEMO_ADMIN };

/** The seeded operator signs in and opens the console from the side menu. */
export async function openConsoleAsAdmin(page: Page): Promise<void> {
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(page).toHaveURL(/\/admin/);
}

/** In the admin console: the section `label` of the Admin menu (e.g. 'Courses', 'Withdrawals'). */
export async function openAdminSection(page: Page, label: string, heading = label): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { name: heading, exact: true, level: 1 })).toBeVisible();
}

/** A question bank: ten sums, each with four options and the correct one (1 to 4). */
export function sumsQuestionBank(tag: string) {
  return Array.from({ length: 10 }, (_, i) => {
    const a = i + 2;
    const b = i + 11;
    const right = a + b;
    const options = [right - 1, right, right + 1, right + 2].map(String);
    return { question: `[${tag}] What is ${a} + ${b}?`, options, correctOption: 2, correct: String(right) };
  });
}

/** The bank as the CSV the console imports. */
export function toCsv(bank: ReturnType<typeof sumsQuestionBank>): string {
  const header = 'question,option_1,option_2,option_3,option_4,option_5,correct_option';
  const lines = bank.map((q) => [q.question, ...q.options, '', q.correctOption].join(','));
  return `${header}\n${lines.join('\n')}\n`;
}

/**
 * On a quiz page at 'Question Number 1': answers all 10 questions from `answers` (question text →
 * correct option text) and submits. Ends on the result.
 */
export async function answerQuizFrom(page: Page, answers: Map<string, string>): Promise<void> {
  for (let n = 1; n <= 10; n += 1) {
    await expect(page.getByRole('heading', { name: `Question Number ${n}` })).toBeVisible();
    await expect(page.getByText(`Question ${n} of 10`)).toBeVisible();
    const legend = page.locator('legend');
    await expect(legend).toHaveCount(1);
    const question = (await legend.innerText()).trim();
    const correct = answers.get(question);
    if (!correct) throw new Error(`The quiz asked "${question}", which the imported bank does not hold`);
    await page.getByRole('radio', { name: correct, exact: true }).check();
    await page.getByRole('button', { name: n === 10 ? 'Submit' : 'Next' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Quiz Result' })).toBeVisible();
}

/**
 * Sets operator rates through the admin API, as the console's Rates form does. The journeys that
 * withdraw commission set `refund_window_days: 0` first: their server's clock cannot be moved 7
 * days on, and the holding period is proven by the API's abuse tests and the wallet page's tests.
 */
export async function setRates(request: APIRequestContext, rates: Record<string, number>): Promise<void> {
  const xsrf = 'e2e-rates';
  const headers = { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  const login = await request.post('/live-connect/api/login', {
    data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    headers,
  });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()).data as { token: string };
  const saved = await request.put('/live-connect/api/admin/settings', {
    data: rates,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}
