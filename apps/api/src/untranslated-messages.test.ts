import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { literalText, probe, untranslatable, untranslatedLiterals } from '@app/contracts/i18n/inline-messages';

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

/** The messages a source answers with, written as literals. */
function answeredLiterals(source: ts.SourceFile): (string | null)[] {
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
  return found;
}

describe("the API's answers", () => {
  it('carry no message written inline that the catalogue does not know', () => {
    expect(untranslatedLiterals(root, skipped, answeredLiterals)).toEqual([]);
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
    expect(answeredLiterals(probe(code)).filter(Boolean).sort()).toEqual(['A', 'B 1', 'C', 'D', 'E']);
    expect(untranslatable(['Logged out.', 'At most 12 characters.', 'Written inline.'])).toEqual(['Written inline.']);
  });
});
