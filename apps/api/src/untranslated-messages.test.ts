import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { translateMessage } from '@app/contracts';
import { hi } from '@app/contracts/i18n/hi';

/**
 * The API translates a response's message at the edge only when the contracts' messages namespace has it (decision
 * 022): this fails when a learner's endpoint answers with a message written inline that the catalogue does not know
 * (`AppError.notFound('…')`, `new AppError(code, '…')`, `ok(data, '…')`, `{ status: false, message: '…' }`). A
 * template literal is read with 1 for each value. Not checked: the operator console (admin/, English by decision
 * 022), the provider's webhook and the metrics scrape (no learner reads them), the command line, tests.
 */
const root = __dirname;
const skipped = [
  /^(routes|services)\/admin\//,
  /^services\/payments\/handle-webhook\.ts$/,
  /^plugins\/metrics\.ts$/,
  /^cli\//,
  /\.test\.ts$/,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The text of a string or template literal, each `${…}` read as 1; null for anything else. */
function literalText(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span) => `1${span.literal.text}`).join('');
  }
  return null;
}

/** The messages a source answers with, written as literals. */
function answeredLiterals(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: (string | null)[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isPropertyAccessExpression(callee) && callee.expression.getText(source) === 'AppError') {
        // AppError.field(field, message); the others take the message alone.
        found.push(literalText(node.arguments[callee.name.text === 'field' ? 1 : 0]));
      } else if (ts.isIdentifier(callee) && callee.text === 'ok') {
        found.push(literalText(node.arguments[1]));
      }
    } else if (ts.isNewExpression(node) && node.expression.getText(source) === 'AppError') {
      found.push(literalText(node.arguments?.[1]));
    } else if (ts.isObjectLiteralExpression(node)) {
      const property = (name: string) =>
        node.properties.find(
          (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(source) === name,
        );
      if (property('status')?.initializer.kind === ts.SyntaxKind.FalseKeyword) {
        found.push(literalText(property('message')?.initializer));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((text): text is string => text !== null);
}

/** Texts the catalogue cannot translate. */
const untranslatable = (texts: string[]) => texts.filter((text) => translateMessage(text, hi.messages, 'hi') === text);

describe("the API's answers", () => {
  it('carry no message written inline that the catalogue does not know', () => {
    const unknown = sourceFiles(root)
      .map((path) => ({ file: relative(root, path).replaceAll('\\', '/'), path }))
      .filter(({ file }) => !skipped.some((pattern) => pattern.test(file)))
      .flatMap(({ file, path }) =>
        untranslatable(answeredLiterals(path, readFileSync(path, 'utf8'))).map((text) => `${file}: ${text}`),
      );
    expect(unknown).toEqual([]);
  });

  it('sees the ways a route or a service writes a message', () => {
    const code = [
      "throw AppError.notFound('A');",
      "throw AppError.field('email', 'E');",
      "throw new AppError('FORBIDDEN', `B ${x}`);",
      "return ok(data, 'C');",
      "reply.code(416).send({ status: false, message: 'D' });",
      'return ok(data, messages.loggedOut);',
    ].join('\n');
    expect(answeredLiterals('probe.ts', code).sort()).toEqual(['A', 'B 1', 'C', 'D', 'E']);
    expect(untranslatable(['Logged out.', 'At most 12 characters.', 'Written inline.'])).toEqual(['Written inline.']);
  });
});
