import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Language } from '@app/contracts';

/**
 * The Noto faces the sandbox checkout page needs for Hindi and Malayalam, from the Fontsource packages the
 * PDFs use. Phones ship these scripts; a desktop without them (Linux, many kiosks) drew the page's Hindi and
 * Malayalam as empty boxes. Each face covers only its script (unicode-range, as Fontsource declares it), so
 * Latin text and digits stay in the system font and an English page loads nothing.
 */
const FACES = {
  hi: {
    family: 'Noto Sans Devanagari',
    pkg: '@fontsource/noto-sans-devanagari',
    prefix: 'noto-sans-devanagari-devanagari',
    range: 'U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF',
  },
  ml: {
    family: 'Noto Sans Malayalam',
    pkg: '@fontsource/noto-sans-malayalam',
    prefix: 'noto-sans-malayalam-malayalam',
    range: 'U+0307,U+0323,U+0951-0952,U+0964-0965,U+0D00-0D7F,U+1CDA,U+1CF2,U+200C-200D,U+20B9,U+25CC,U+A830-A832',
  },
} as const;

const WEIGHTS = [400, 700] as const;

/** The font files the page may ask for: `/sandbox/fonts/<name>`. */
export const PAGE_FONT_FILES = Object.values(FACES).flatMap((face) =>
  WEIGHTS.map((weight) => `${face.prefix}-${weight}-normal.woff2`),
) as [string, ...string[]];

/** The @font-face rules and the font stack of a page in `language` ('' and the system stack for English). */
export function pageFonts(language: Language): { css: string; family: string } {
  if (language === 'en') return { css: '', family: 'system-ui, sans-serif' };
  const face = FACES[language];
  const css = WEIGHTS.map(
    (weight) =>
      `@font-face { font-family: '${face.family}'; font-weight: ${weight}; font-display: swap; ` +
      `src: url('/sandbox/fonts/${face.prefix}-${weight}-normal.woff2') format('woff2'); unicode-range: ${face.range}; }`,
  ).join('\n  ');
  return { css, family: `'${face.family}', system-ui, sans-serif` };
}

const requireHere = createRequire(import.meta.url);
const files = new Map<string, Buffer>();

/** One of PAGE_FONT_FILES, read once per process. */
export async function readPageFont(name: (typeof PAGE_FONT_FILES)[number]): Promise<Buffer> {
  let bytes = files.get(name);
  if (!bytes) {
    const face = Object.values(FACES).find((f) => name.startsWith(f.prefix))!;
    // Fontsource packages export only their CSS: the font files sit in files/ beside index.css.
    bytes = await readFile(path.join(path.dirname(requireHere.resolve(face.pkg)), 'files', name));
    files.set(name, bytes);
  }
  return bytes;
}
