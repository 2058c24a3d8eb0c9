import type { Plugin, Rolldown } from 'vite';

/** The catalogues' namespaces only the server renders: its mails and invoice PDFs. */
const SERVER_TEXTS = /packages[\\/]contracts[\\/]src[\\/]i18n[\\/]\w+[\\/](?:mail|invoice)\.ts$/;

/**
 * Decision 022: the web app loads only the screens' texts. A module that reaches a language's whole catalogue
 * (its index.ts) instead of its screens.ts brings the mails and invoices into the build, in every language's chunk or
 * on every page's first load (translate-message once did, 1.1 KB gzip on every page): that fails the build, naming the
 * chunk.
 */
export function noServerTexts(): Plugin {
  return {
    name: 'live-connect:no-server-texts',
    apply: 'build',
    writeBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const found = (file as Rolldown.OutputChunk).moduleIds.filter((id) => SERVER_TEXTS.test(id));
        if (found.length > 0)
          this.error(`${file.fileName} holds the server's texts (${found.join(', ')}): import the screens' catalogue.`);
      }
    },
  };
}
