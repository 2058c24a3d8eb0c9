import i18next from 'i18next';
import type { Language, MeData } from '@app/contracts';
import { isLanguage } from '@app/contracts';
import { api } from '@/lib/api-client';
import { applyLanguage, currentLanguage } from '@/lib/i18n';
import { learnerItemKey } from '@/lib/learner-storage';
import { queryClient } from '@/lib/query';
import { readToken } from '@/lib/token-storage';
import { meQueryKey } from './me-query-key';

/** Set when the learner picks a language while signed out: the next sign-in keeps it in the profile. */
let pickedWhileSignedOut = false;

/**
 * A choice the profile has not taken yet (picked offline, or the save's answer lost): kept on the device under the
 * learner (lib/learner-storage.ts, gone at logout) and sent again after the next /me, so that the profile's older
 * language does not take the app back.
 */
const unsavedKey = (learner: string) => learnerItemKey(learner, 'language-unsaved');

function readUnsaved(learner: string): Language | null {
  try {
    const value = localStorage.getItem(unsavedKey(learner));
    return value !== null && isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

function keepUnsaved(learner: string, language: Language | null): void {
  try {
    if (language === null) localStorage.removeItem(unsavedKey(learner));
    else localStorage.setItem(unsavedKey(learner), language);
  } catch {
    // Storage blocked: the choice lasts this visit.
  }
}

/** PUT /profile/language; a failure leaves the choice kept for the next /me. Answers whether the profile took it. */
async function saveToProfile(learner: string, language: Language): Promise<boolean> {
  try {
    await api.put('/profile/language', { language });
    keepUnsaved(learner, null);
    return true;
  } catch {
    keepUnsaved(learner, language);
    return false;
  }
}

/**
 * The picker's choice: shown at once and remembered on the device; signed in, kept in the profile too
 * (PUT /profile/language), so the app opens in it on every device and the mails are written in it. Throws when the
 * language's texts cannot be loaded (offline before they were kept); answers false when only the profile's save
 * failed (the choice holds on this device and is saved after the next /me).
 */
export async function chooseLanguage(language: Language): Promise<boolean> {
  await applyLanguage(language, { remember: true });
  if ((await readToken()) === null) {
    pickedWhileSignedOut = true;
    return true;
  }
  const me = queryClient.getQueryData<MeData>(meQueryKey);
  // Before /me has answered there is no learner to keep the choice under: a failed save is only told.
  if (!me)
    return api.put('/profile/language', { language }).then(
      () => true,
      () => false,
    );
  const saved = await saveToProfile(me.referral_code, language);
  queryClient.setQueryData<MeData>(meQueryKey, (data) => (data ? { ...data, language } : data));
  return saved;
}

/**
 * chooseLanguage for a picker: what to tell the learner, in the language they are left with, or null when all went
 * well.
 */
export async function chooseLanguageProblem(language: Language): Promise<string | null> {
  try {
    return (await chooseLanguage(language)) ? null : i18next.t('layout:languageChanged');
  } catch {
    return i18next.t('layout:languageNotLoaded');
  }
}

/**
 * After /me: the profile's language wins, unless the learner picked one since that the profile has not taken (on the
 * sign-in pages just now, or offline), which is then saved to the profile.
 */
export async function syncLanguage(me: MeData): Promise<MeData> {
  const picked = readUnsaved(me.referral_code) ?? (pickedWhileSignedOut ? currentLanguage() : null);
  pickedWhileSignedOut = false;
  if (picked !== null && picked !== me.language) {
    await saveToProfile(me.referral_code, picked);
    if (currentLanguage() !== picked) await applyLanguage(picked, { remember: true }).catch(() => undefined);
    return { ...me, language: picked };
  }
  if (picked !== null) keepUnsaved(me.referral_code, null);
  if (me.language !== currentLanguage()) await applyLanguage(me.language, { remember: true });
  return me;
}
