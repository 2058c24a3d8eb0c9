import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { hi } from './hi/index.ts';
import { translateMessage } from './translate-message.ts';

/**
 * For the tests that keep messages in the catalogue (decision 022): the contracts' schemas and the API's answers
 * each read their own kind of literal message; what is left is the same.
 */

/** The text of a string or template literal, each `${…}` read as 1; null for anything else. */
export function literalText(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span) => `1${span.literal.text}`).join('');
  }
  return null;
}

/** Texts the catalogue cannot translate (word for word, or by a template such as 'At most {{max}} characters.'). */
export const untranslatable = (texts: string[]) =>
  texts.filter((text) => translateMessage(text, hi.messages, 'hi') === text);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/**
 * `file: text` for each message literal (found by `read` in a parsed source) of the .ts files below `root`, other
 * than those `skipped` matches by their path from root, that the catalogue cannot translate.
 */
export function untranslatedLiterals(
  root: string,
  skipped: RegExp[],
  read: (source: ts.SourceFile) => (string | null)[],
): string[] {
  return sourceFiles(root)
    .map((path) => ({ file: relative(root, path).replaceAll('\\', '/'), path }))
    .filter(({ file }) => !skipped.some((pattern) => pattern.test(file)))
    .flatMap(({ file, path }) => {
      const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
      const texts = read(source).filter((text): text is string => text !== null);
      return untranslatable(texts).map((text) => `${file}: ${text}`);
    });
}

/** A source parsed from `code`, for a test's probe. */
export const probe = (code: string) => ts.createSourceFile('probe.ts', code, ts.ScriptTarget.Latest, true);
