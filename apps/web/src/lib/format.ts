import { useTranslation } from 'react-i18next';
import {
  formatIndiaDate,
  formatIndiaDateTime,
  formatIndiaTime,
  formatInr,
  isLanguage,
  localeOf,
  type Language,
} from '@app/contracts';

const numberFormats = new Map<Language, Intl.NumberFormat>();

function formatNumber(value: number, language: Language): string {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(localeOf[language]);
    numberFormats.set(language, format);
  }
  return format.format(value);
}

const regionNames = new Map<Language, Intl.DisplayNames>();

/** A country's name in `language` from its ISO 3166-1 code (the browser's own list), else `fallback` (English). */
function formatRegion(isoCode: string, fallback: string, language: Language): string {
  if (language === 'en') return fallback;
  let names = regionNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([localeOf[language]], { type: 'region', fallback: 'none' });
    regionNames.set(language, names);
  }
  try {
    return names.of(isoCode) ?? fallback;
  } catch {
    return fallback; // a code the browser's list refuses
  }
}

/** Money, numbers and India-time dates in the app's current language (re-renders when it changes). */
export function useFormat() {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  return {
    language,
    inr: (rupees: number) => formatInr(rupees, language),
    number: (value: number) => formatNumber(value, language),
    date: (at: Date | string) => formatIndiaDate(at, language),
    time: (at: Date | string) => formatIndiaTime(at, language),
    dateTime: (at: Date | string) => formatIndiaDateTime(at, language),
    region: (isoCode: string, fallback: string) => formatRegion(isoCode, fallback, language),
  };
}
