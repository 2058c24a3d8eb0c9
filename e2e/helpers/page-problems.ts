import type { BrowserContext, Page } from '@playwright/test';

/**
 * Something wrong that a journey's own checks may not see: the page goes on, the learner sees nothing at once.
 * - an uncaught error in the page;
 * - an error or a warning written to the console by the app or by React (a resource that failed to load is left
 *   out: journeys ask for refusals on purpose, and offline requests fail);
 * - an answer of 500 or more from the app's server;
 * - a 401 from the API: a request sent without a valid session, which the app must not make.
 */
export interface PageProblem {
  path: string;
  kind: 'uncaught error' | 'console' | 'server error' | 'no session';
  text: string;
}

const pathOf = (page: Page) => new URL(page.url(), 'http://unknown').pathname;

/** Chromium's own line for every failed request, whatever its status (the request is watched below instead). */
const FAILED_RESOURCE = /^Failed to load resource: /;

/** From now on, the problems of every page of `context` whose app is served from `serverOrigin`. */
export function recordPageProblems(context: BrowserContext, serverOrigin: string): PageProblem[] {
  const problems: PageProblem[] = [];
  const watch = (page: Page) => {
    page.on('pageerror', (error) =>
      problems.push({ path: pathOf(page), kind: 'uncaught error', text: error.stack ?? error.message }),
    );
    page.on('console', (message) => {
      if (message.type() !== 'error' && message.type() !== 'warning') return;
      if (FAILED_RESOURCE.test(message.text())) return;
      const { url, lineNumber } = message.location();
      problems.push({
        path: pathOf(page),
        kind: 'console',
        text: `${message.type()}: ${message.text()} (${url}:${lineNumber})`,
      });
    });
    page.on('response', (response) => {
      if (!response.url().startsWith(serverOrigin)) return;
      const status = response.status();
      if (status < 500 && status !== 401) return;
      problems.push({
        path: pathOf(page),
        kind: status === 401 ? 'no session' : 'server error',
        text: `${status} ${response.request().method()} ${response.url().slice(serverOrigin.length)}`,
      });
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return problems;
}
