import i18next, { type TFunction } from 'i18next';
import { en, isLanguage, translateMessage, type Catalogue, type Language, type Translation } from '@app/contracts';
import { hi } from '@app/contracts/i18n/hi';
import { ml } from '@app/contracts/i18n/ml';

const catalogues = { en, hi, ml } as const;

/** One i18next instance for the server's documents and mails, all three catalogues loaded at start. */
const instance = i18next.createInstance();
void instance.init({
  resources: catalogues,
  lng: 'en',
  fallbackLng: 'en',
  ns: Object.keys(en),
  defaultNS: 'common',
  initAsync: false,
  // Mails escape what they put into HTML themselves; PDFs and plain text want the value as it is.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The language a stored choice names, English for anything else (an old row, a null). */
export function languageOf(value: string | null | undefined): Language {
  return isLanguage(value) ? value : 'en';
}

/** One language's catalogue as it is, for a page that fills its own placeholders (the sandbox checkout page). */
export function catalogueOf(language: Language): Translation<Catalogue> {
  return catalogues[language];
}

/** t() in one language, for a mail or a document: `translator(user.language)('mail:receipt.subject', {...})`. */
export function translator(language: string | null | undefined): TFunction {
  return instance.getFixedT(languageOf(language));
}

/** A response's English message in the request's language (unknown messages pass through unchanged). */
export function translateResponseMessage(message: string, language: Language): string {
  return translateMessage(message, catalogues[language].messages, language);
}
