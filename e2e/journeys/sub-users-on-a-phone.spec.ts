import { hi } from '@app/contracts/i18n/hi';
import { ml } from '@app/contracts/i18n/ml';
import { expect, test } from '../helpers/test.ts';
import { DEMO_LEARNER, DEMO_REFERRED_LEARNERS, pickLanguage, signIn } from '../helpers/accounts.ts';
import { expectAccessible } from '../helpers/axe.ts';
import { expectNoSidewaysScroll } from '../helpers/layout.ts';
import { snap } from '../helpers/screenshots.ts';

const PHONE = { width: 360, height: 780 };

test.use({ viewport: PHONE });

/**
 * The Users page on a 360 px phone: each table's columns fit the screen in English, Hindi and Malayalam,
 * so a sub-user's status is never cut off at the edge (the Pending Users table had four columns and hid
 * its last two).
 */
test("a referrer reads their sub-users' status on a phone, in three languages", async ({ page }) => {
  await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
  await page.goto('/users');

  const pending = page.getByRole('table', { name: 'Pending Users' });
  for (const { firstName, lastName } of DEMO_REFERRED_LEARNERS) {
    await expect(pending.getByRole('row').filter({ hasText: `${firstName} ${lastName}` })).toContainText(
      /joined \d{1,2} \w{3} \d{4}.*Pending/,
    );
  }
  await expectAccessible(page, 'sub-users on a phone');
  await snap(page, 'sub-users-en-360');

  for (const [language, title] of [
    ['हिन्दी', hi.referrals.users.pending.title],
    ['മലയാളം', ml.referrals.users.pending.title],
  ] as const) {
    await pickLanguage(page, language);
    await expect(page.getByRole('table', { name: title })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await snap(page, `sub-users-${language === 'हिन्दी' ? 'hi' : 'ml'}-360`);
  }

  // The demo learner's language is kept with the account: the next journey signs in to English.
  await pickLanguage(page, 'English');
  await expect(page.getByRole('table', { name: 'Pending Users' })).toBeVisible();
});
