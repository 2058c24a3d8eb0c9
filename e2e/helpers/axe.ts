import axe, { type Result, type RunOptions } from 'axe-core';
import { expect, type Frame, type Page } from '@playwright/test';
import { expectNoSidewaysScroll } from './layout.ts';

/** WCAG 2.0 and 2.1, levels A and AA; only violations are collected (passes cost time and are not read). */
const RUN_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
};
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/** Fades (modals, toasts) measured half-way give colours nobody sees: wait until the finite ones end. */
async function waitForTransitions(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const iterations = animation.effect?.getTiming().iterations ?? 1;
      return iterations === Infinity || animation.playState !== 'running';
    }),
  );
}

/** axe-core in the frame, unless a check before this one on the same document already put it there. */
async function injectAxe(frame: Frame): Promise<void> {
  if (!(await frame.evaluate(() => window.axe !== undefined))) await frame.evaluate(axe.source);
}

/** The element and what axe found wrong with it (e.g. the two colours and their ratio). */
function describeNode(node: Result['nodes'][number]): string {
  const reason = [...node.any, ...node.all][0]?.message;
  return `${node.target.join(' ')}${reason ? ` (${reason})` : ''}`;
}

/**
 * Issue 7: axe-core on what the page shows now, its same-origin frames included (the sandbox card form is
 * ours); fails on any serious or critical violation, naming the rule and the elements, and on anything that makes
 * the page wider than the window.
 *
 * axe-core's own `axe.run`, started in the page, reaches into the frames through axe's frame messaging once
 * every frame holds axe. `@axe-core/playwright` does the same only in its deprecated legacy mode; its
 * default opens a blank page for every check to merge the frames' results, which tripled a check's time
 * (docs/benchmarks.md). Cross-origin frames (a YouTube embed) are not ours and are not checked.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  await waitForTransitions(page);
  const origin = new URL(page.url()).origin;
  for (const frame of page.frames()) {
    if (new URL(frame.url(), page.url()).origin === origin) await injectAxe(frame);
  }
  const { violations } = await page.evaluate((options) => window.axe!.run(document, options), RUN_OPTIONS);
  const blocking = violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} → ${violation.nodes.map(describeNode).join('; ')}`,
    );
  expect(blocking, `serious or critical axe violations on ${screen}`).toEqual([]);
  await expectNoSidewaysScroll(page, screen);
}
