import type { Plugin } from 'vite';

/** The tag index.html gets; vite-plugins/prerender.ts takes it out of the pre-rendered (public) pages. */
export const EARLY_SCRIPT = /\s*<script type="module" async crossorigin src="[^"]+"><\/script>/;

/**
 * Puts src/early.ts, its own entry, into index.html as an async script, so every page drawn by the app (the
 * per-page HTML made from it, and index.html as the offline worker serves it for every address) starts its
 * noted API reads as soon as that small file arrives, not after the framework (decision 030).
 */
export function earlyRequests(): Plugin {
  return {
    name: 'live-connect:early-requests',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const entry = Object.values(bundle ?? {}).find(
          (output) =>
            output.type === 'chunk' && output.isEntry && /[\\/]src[\\/]early\.ts$/.test(output.facadeModuleId ?? ''),
        );
        if (!entry) throw new Error('The build has no src/early.ts entry.');
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
