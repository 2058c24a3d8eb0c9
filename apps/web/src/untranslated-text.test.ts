import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every text a learner reads goes through the catalogues (decision 022): this fails when a screen of the learner's
 * app shows a literal in JSX (text between tags, or an aria-label, title, placeholder or alt written as a string).
 * The operator console stays English and is not checked; tests, their fixtures and stories are not screens.
 */
const root = join(__dirname);
const checked = ['app', 'components', 'features'];
const skipped = [/^features\/admin\//, /\.(test|fixtures)\.tsx?$/, /^app\/routes\/admin\//];
const textAttributes = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label']);
/** Text that is the same in every language: symbols, brand and codes. */
const universal = /^[\s\d₹%•·|/:×+\-–—−‹›.,()#@*&!?…→←]*$|^(UPI|PDF|OTP|IFSC|PAN|EN|GSTIN|SAC|YouTube|WhatsApp)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.tsx') ? [path] : [];
  });
}

function literalsIn(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.getText().trim();
      if (text && !universal.test(text)) found.push(text);
    } else if (ts.isJsxAttribute(node) && textAttributes.has(node.name.getText())) {
      const value = node.initializer;
      if (value && ts.isStringLiteral(value) && value.text.trim() && !universal.test(value.text)) {
        found.push(`${node.name.getText()}="${value.text}"`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the learner's app", () => {
  it('has no text outside the catalogues', () => {
    const untranslated = checked
      .flatMap((dir) => sourceFiles(join(root, dir)))
      .map((path) => ({ file: relative(root, path), texts: literalsIn(path) }))
      .filter(({ file, texts }) => texts.length > 0 && !skipped.some((pattern) => pattern.test(file)))
      .map(({ file, texts }) => `${file}: ${texts.join(' | ')}`);
    expect(untranslated).toEqual([]);
  });
});
