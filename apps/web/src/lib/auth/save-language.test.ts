import { afterEach, describe, expect, it } from 'vitest';
import type { MeData } from '@app/contracts';
import { currentLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query';
import { mockApi, ok } from '@/testing/mock-api';
import { signIn } from '@/testing/test-utils';
import { meQueryKey } from './me-query-key';
import { chooseLanguageProblem, syncLanguage } from './save-language';

const me: MeData = {
  first_name: 'Asha',
  last_name: 'Nair',
  profile_photo_path: null,
  email: 'asha@example.com',
  email_verified_at: '2025-01-01T00:00:00.000Z',
  isStandardPicked: true,
  referral_code: 'ABCD2345',
  roles: ['learner'],
  language: 'ml',
};
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

describe('a language picked while the profile cannot take it', () => {
  afterEach(() => queryClient.clear());

  it('holds on the device, says so in the new language, and is saved after the next /me instead of undone', async () => {
    await signIn();
    queryClient.setQueryData(meQueryKey, me);
    const server = mockApi({ 'PUT /profile/language': offline });
    // Offline with the texts already kept: the app switches, and tells in Hindi that only the profile's save failed.
    expect(await chooseLanguageProblem('hi')).toBe('आपकी भाषा सहेजी नहीं जा सकी। इस डिवाइस पर यही भाषा रहेगी।');
    expect(currentLanguage()).toBe('hi');

    // Back online, the next /me still says Malayalam: the choice is saved and kept, not reverted.
    const online = mockApi({ 'PUT /profile/language': ok(null, 'Language saved.') });
    expect(await syncLanguage(me)).toMatchObject({ language: 'hi' });
    expect(currentLanguage()).toBe('hi');
    expect(online.callsTo('PUT', '/profile/language').map((call) => call.body)).toEqual([{ language: 'hi' }]);
    expect(server.calls).toHaveLength(1);

    // Saved: the profile's language wins again from now on.
    expect(await syncLanguage({ ...me, language: 'en' })).toMatchObject({ language: 'en' });
    expect(currentLanguage()).toBe('en');
  });
});
