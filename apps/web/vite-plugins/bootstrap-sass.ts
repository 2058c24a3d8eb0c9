import type { CSSOptions } from 'vite';

/**
 * Sass options for Bootstrap 5.3's sources (src/bootstrap.scss), which still use @import and global functions that
 * Dart Sass warns about on every build. Shared by the app's build and bench/web's floor page, which compiles the same
 * stylesheet.
 */
export const bootstrapSassOptions: CSSOptions['preprocessorOptions'] = {
  scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] },
};
