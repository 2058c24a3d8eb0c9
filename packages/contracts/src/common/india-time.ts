import { localeOf, type Language } from '../i18n/languages.ts';

/**
 * Dates and times as a learner in India reads them, in India time wherever the server or the device
 * runs, in the learner's language: the one place for these formats (the API's messages and documents,
 * the web app's screens).
 */
const formats = new Map<string, Intl.DateTimeFormat>();

const options: Record<'date' | 'longDate' | 'time', Intl.DateTimeFormatOptions> = {
  date: { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' },
  longDate: { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' },
  time: { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' },
};

function format(kind: keyof typeof options, language: Language): Intl.DateTimeFormat {
  const key = `${kind}:${language}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(localeOf[language], options[kind]);
    formats.set(key, found);
  }
  return found;
}

/** '1 Dec 2026' from an instant (Hindi '1 दिस॰ 2026'). */
export const formatIndiaDate = (at: Date | string, language: Language = 'en'): string =>
  format('date', language).format(new Date(at));

/** '14 March 2025' from an instant, the month written out: certificates and invoices. */
export const formatIndiaLongDate = (at: Date | string, language: Language = 'en'): string =>
  format('longDate', language).format(new Date(at));

/** '11:23 am' from an instant. */
export const formatIndiaTime = (at: Date | string, language: Language = 'en'): string =>
  format('time', language).format(new Date(at));

/** '25 Nov 2026, 2:30 pm IST' from an instant. */
export const formatIndiaDateTime = (at: Date | string, language: Language = 'en'): string =>
  `${formatIndiaDate(at, language)}, ${formatIndiaTime(at, language)} IST`;
