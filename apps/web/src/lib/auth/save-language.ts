import type { Language, MeData } from '@app/contracts';
import { api } from '@/lib/api-client';
import { applyLanguage, currentLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query';
import { readToken } from '@/lib/token-storage';
import { meQueryKey } from './me-query-key';

/** Set when the learner picks a language while signed out: the next sign-in keeps it in the profile. */
let pickedWhileSignedOut = false;

/**
 * The picker's choice: shown at once and remembered on the device; signed in, kept in the profile too
 * (PUT /profile/language), so the app opens in it on every device and the mails are written in it.
 */
export async function chooseLanguage(language: Language): Promise<void> {
  await applyLanguage(language, { remember: true });
  if ((await readToken()) === null) {
    pickedWhileSignedOut = true;
    return;
  }
  await api.put('/profile/language', { language });
  queryClient.setQueryData<MeData>(meQueryKey, (me) => (me ? { ...me, language } : me));
}

/**
 * After /me: the profile's language wins, unless the learner picked one on the sign-in pages just now,
 * which is then saved to the profile.
 */
export async function syncLanguage(me: MeData): Promise<MeData> {
  if (pickedWhileSignedOut) {
    pickedWhileSignedOut = false;
    const picked = currentLanguage();
    if (picked !== me.language) {
      await api.put('/profile/language', { language: picked });
      return { ...me, language: picked };
    }
    return me;
  }
  if (me.language !== currentLanguage()) await applyLanguage(me.language, { remember: true });
  return me;
}
