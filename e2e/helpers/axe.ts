import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** Fades (modals, toasts) measured half-way give colours nobody sees: wait until the finite ones end. */
async function waitForTransitions(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const iterations = animation.effect?.getTiming().iterations ?? 1;
      return iterations === Infinity || animation.playState !== 'running';
    }),
  );
}

/** The element and what axe found wrong with it (e.g. the two colours and their ratio). */
function describeNode(node: {
  target: unknown[];
  any: Array<{ message: string }>;
  all: Array<{ message: string }>;
}): string {
  const reason = [...node.any, ...node.all][0]?.message;
  return `${node.target.join(' ')}${reason ? ` (${reason})` : ''}`;
}

/**
 * Issue 7: axe-core on what the page shows now, frames included (the sandbox card form is ours);
 * fails on any serious or critical violation, naming the rule and the elements.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  await waitForTransitions(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} → ${violation.nodes.map(describeNode).join('; ')}`,
    );
  expect(blocking, `serious or critical axe violations on ${screen}`).toEqual([]);
}
