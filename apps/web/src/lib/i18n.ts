import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { enScreens, isLanguage, languages, pickLanguage, translateMessage, type Language } from '@app/contracts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof enScreens;
  }
}

/** The signed-out choice of language, kept on the device (signed in, the profile keeps it). */
const STORAGE_KEY = 'language';

/**
 * Hindi and Malayalam are fetched when chosen, so an English reader downloads neither. Like English, only the
 * screens' texts: the mails' and invoices' are the server's (the resources' type keeps a screen from asking for
 * them, lib/i18n.test.ts checks none is loaded, and vite-plugins/no-server-texts.ts fails a build that bundles them).
 */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<Record<string, object>>> = {
  hi: () => import('@app/contracts/i18n/hi/screens').then(({ hiScreens }) => hiScreens),
  ml: () => import('@app/contracts/i18n/ml/screens').then(({ mlScreens }) => mlScreens),
};

function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** The device's choice, else the browser's languages, else English. */
export function initialLanguage(): Language {
  return storedLanguage() ?? pickLanguage(typeof navigator === 'undefined' ? undefined : navigator.languages);
}

/** The web font of each script (main.tsx's @fontsource faces), with a few of its letters to ask for. */
const scriptFonts: Record<Exclude<Language, 'en'>, { family: string; sample: string }> = {
  hi: { family: 'Noto Sans Devanagari', sample: 'हिन्दी' },
  ml: { family: 'Noto Sans Malayalam', sample: 'മലയാളം' },
};

/** Longest wait for a script's font: on a slow connection the letters first show in a fallback font instead. */
const FONT_WAIT_MS = 1500;

/** Fetches a script's font (regular and bold) so the first screen in that language is drawn in it, not swapped to it. */
function loadScriptFont(language: Exclude<Language, 'en'>): Promise<void> {
  if (typeof document === 'undefined' || !('fonts' in document)) return Promise.resolve();
  const { family, sample } = scriptFonts[language];
  const loaded = Promise.all(
    ['400', '700'].map((weight) => document.fonts.load(`${weight} 1em "${family}"`, sample)),
  ).then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([
    loaded,
    new Promise<void>((resolve) => {
      setTimeout(resolve, FONT_WAIT_MS);
    }),
  ]);
}

async function loadCatalogue(language: Language): Promise<void> {
  if (language === 'en' || i18next.hasResourceBundle(language, 'common')) return;
  const [catalogue] = await Promise.all([loaders[language](), loadScriptFont(language)]);
  for (const [namespace, texts] of Object.entries(catalogue))
    i18next.addResourceBundle(language, namespace, texts, true, true);
}

/** i18next with English from the bundle; the build's pre-render (app/prerender.tsx) needs no more. */
export async function initTranslations(): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources: { en: enScreens },
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...languages],
    ns: Object.keys(enScreens),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

/** Before the first render: English from the bundle, another language fetched first so no screen flashes English. */
export async function initI18n(language: Language = initialLanguage()): Promise<void> {
  await initTranslations();
  await applyLanguage(language);
}

/** Switches the app to a language: its texts, `<html lang>`, and the device's memory of the choice. */
export async function applyLanguage(language: Language, options: { remember?: boolean } = {}): Promise<void> {
  await loadCatalogue(language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  if (options.remember) {
    try {
      localStorage.setItem(STORAGE_KEY, language);
    } catch {
      /* private mode: the choice lasts this visit */
    }
    // The server reads it too: a Hindi or Malayalam reader is sent the app shell, not a page pre-rendered in English.
    document.cookie = `${STORAGE_KEY}=${language}; path=/; max-age=31536000; samesite=lax`;
  }
}

/** The language the app shows now. */
export function currentLanguage(): Language {
  const language = i18next.language;
  return isLanguage(language) ? language : 'en';
}

/** A validation or server message (English in the contracts) in the app's language. */
export function translateAppMessage(message: string): string {
  const language = currentLanguage();
  if (language === 'en') return message;
  const messages = i18next.getResourceBundle(language, 'messages') as Parameters<typeof translateMessage>[1];
  return translateMessage(message, messages, language);
}

/** translateAppMessage for a component, re-rendering when the language changes: `const message = useAppMessage();`. */
export function useAppMessage(): (message: string) => string {
  useTranslation();
  return translateAppMessage;
}

export { i18next };
