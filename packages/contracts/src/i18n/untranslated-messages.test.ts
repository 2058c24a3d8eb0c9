import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { hi } from './hi/index.ts';
import { translateMessage } from './translate-message.ts';

/**
 * Every validation message a learner can meet is in the messages namespace (decision 022), so the API and the web
 * forms can translate it: this fails when a schema writes its message as a literal the catalogue does not know (a
 * zod check's message argument, or an `error:` / `message:` written as a string). A literal the catalogue knows
 * (word for word, or by a template such as 'At most {{max}} characters.') passes; a template literal is read with 1
 * for each value. The operator console's schemas (admin/) stay English and are not checked.
 */
const root = join(__dirname, '..');
const skipped = [/^admin\//, /^i18n\//, /\.test\.ts$/];
/** zod's checks that take a message: `.max(128, '…')`, `.int('…')`, `.refine(fn, '…')`. */
const checks = new Set([
  'min',
  'max',
  'length',
  'int',
  'positive',
  'nonnegative',
  'negative',
  'nonpositive',
  'gt',
  'gte',
  'lt',
  'lte',
  'multipleOf',
  'regex',
  'email',
  'url',
  'uuid',
  'startsWith',
  'endsWith',
  'includes',
  'refine',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The text of a string or template literal, each `${…}` read as 1; null for anything else. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span) => `1${span.literal.text}`).join('');
  }
  return null;
}

/** The message literals of a source: a check's arguments, and `error:` / `message:` properties. */
function messageLiterals(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      if (checks.has(node.expression.name.text)) {
        for (const argument of node.arguments) {
          const text = literalText(argument);
          if (text !== null) found.push(text);
        }
      }
    } else if (ts.isPropertyAssignment(node) && ['error', 'message'].includes(node.name.getText(source))) {
      const text = literalText(node.initializer);
      if (text !== null) found.push(text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Texts the catalogue cannot translate. */
const untranslatable = (texts: string[]) => texts.filter((text) => translateMessage(text, hi.messages, 'hi') === text);

describe("the contracts' schemas", () => {
  it('write no validation message the catalogue does not know', () => {
    const unknown = sourceFiles(root)
      .map((path) => ({ file: relative(root, path).replaceAll('\\', '/'), path }))
      .filter(({ file }) => !skipped.some((pattern) => pattern.test(file)))
      .flatMap(({ file, path }) =>
        untranslatable(messageLiterals(path, readFileSync(path, 'utf8'))).map((text) => `${file}: ${text}`),
      );
    expect(unknown).toEqual([]);
  });

  it('sees the ways a schema writes a message', () => {
    const schema =
      "z.string({ error: 'A' }).trim().max(3, 'B').int(`C ${n}`).refine(f, { message: 'D' }); z.enum(['x'], { error: 'E' });";
    expect(messageLiterals('probe.ts', schema).sort()).toEqual(['A', 'B', 'C 1', 'D', 'E']);
    expect(untranslatable(['Choose a course.', 'At most 40 characters.', 'Written inline.'])).toEqual([
      'Written inline.',
    ]);
  });
});
