import { describe, expect, it } from 'vitest';
import { enScreens } from '@app/contracts';
import { applyLanguage, i18next } from './i18n';

const screens = Object.keys(enScreens);
/** The server's own namespaces: its mails and invoice PDFs, which no screen shows. */
const serverOnly = ['invoice', 'mail'];

describe('the texts the app loads', () => {
  it.each(['en', 'hi', 'ml'] as const)(
    'are the screens’ namespaces in %s, without the mails and invoices',
    async (language) => {
      await applyLanguage(language);
      expect(screens.filter((namespace) => !i18next.hasResourceBundle(language, namespace))).toEqual([]);
      expect(serverOnly.filter((namespace) => i18next.hasResourceBundle(language, namespace))).toEqual([]);
    },
  );
});
