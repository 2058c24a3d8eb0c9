/** The languages of the learner's app, its mails and documents. English is the spec's. */
export const languages = ['en', 'hi', 'ml'] as const;
export type Language = (typeof languages)[number];

/** Each language's name in itself, as the picker shows it. */
export const languageNames: Record<Language, string> = { en: 'English', hi: 'हिन्दी', ml: 'മലയാളം' };

/** The Intl locale of each language: Indian English, Hindi and Malayalam as written in India (₹1,00,000.00). */
export const localeOf: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN', ml: 'ml-IN' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/**
 * The first of our languages an Accept-Language header (or a browser's list) names, by its quality order;
 * English when it names none. 'hi-IN' counts as 'hi'.
 */
export function pickLanguage(header: string | readonly string[] | undefined | null): Language {
  if (!header) return 'en';
  const entries =
    typeof header === 'string'
      ? header.split(',').map((part, index) => {
          const [tag = '', ...params] = part.trim().split(';');
          const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
          return { tag, q: q ? Number(q.slice(2)) || 0 : 1, index };
        })
      : header.map((tag, index) => ({ tag, q: 1, index }));
  entries.sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag, q } of entries) {
    const base = tag.toLowerCase().split('-')[0];
    if (q > 0 && isLanguage(base)) return base;
  }
  return 'en';
}
