import type { Plugin } from 'vite';

/**
 * Puts src/warm-intl.ts, its own entry, into index.html as an async module script: it runs as soon as its few bytes
 * arrive, before the framework, and starts the worker that builds the app's `Intl` formats on another core
 * (src/intl-warm-up.worker.ts, decision 018). Inside index.html's own entry it would run only after the whole app
 * had loaded, since a module's imports run before its body. Every page made from index.html has it, the
 * pre-rendered ones too (a learner who signs in goes on to pages with money and dates without reloading).
 */
export function warmIntl(): Plugin {
  return {
    name: 'live-connect:warm-intl',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const entry = Object.values(bundle ?? {}).find(
          (output) =>
            output.type === 'chunk' &&
            output.isEntry &&
            /[\\/]src[\\/]warm-intl\.ts$/.test(output.facadeModuleId ?? ''),
        );
        if (!entry) throw new Error('The build has no src/warm-intl.ts entry.');
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: `/${entry.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
