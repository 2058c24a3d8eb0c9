import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { literalText, probe, untranslatable, untranslatedLiterals } from './inline-messages.ts';

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

function messageLiterals(source: ts.SourceFile): (string | null)[] {
  const found: (string | null)[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      if (checks.has(node.expression.name.text)) found.push(...node.arguments.map(literalText));
    } else if (ts.isPropertyAssignment(node) && ['error', 'message'].includes(node.name.getText(source))) {
      found.push(literalText(node.initializer));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the contracts' schemas", () => {
  it('write no validation message the catalogue does not know', () => {
    expect(untranslatedLiterals(root, skipped, messageLiterals)).toEqual([]);
  });

  it('sees the ways a schema writes a message', () => {
    const schema =
      "z.string({ error: 'A' }).trim().max(3, 'B').int(`C ${n}`).refine(f, { message: 'D' }); z.enum(['x'], { error: 'E' });";
    expect(messageLiterals(probe(schema)).filter(Boolean).sort()).toEqual(['A', 'B', 'C 1', 'D', 'E']);
    expect(untranslatable(['Choose a course.', 'At most 40 characters.', 'Written inline.'])).toEqual([
      'Written inline.',
    ]);
  });
});
