import { env } from '@/config/env';
import { decryptToken, storageKeys } from './token-storage';

/**
 * A signed-in page's API reads, started by the page's HTML before the app's code arrives (decision 030).
 *
 * A page's reads wait for the framework and the app (about 190 KB on a phone's 4G), then for the API:
 * one after the other. Each page's HTML (vite-plugins/prerender.ts) loads src/early.ts first, a small
 * script that starts again the GETs the page made the last time it opened on this device, with the same
 * token and language; the API client then takes each answer instead of asking a second time. What a
 * page reads is learned, not listed: the client notes its first GETs per page here.
 */

/** The reads a page made when it last opened, in the language it asked in. */
interface PagePlan {
  language: string;
  paths: string[];
}
type Plans = Record<string, PagePlan>;

/** This page load's early answers (taken once each by the API client), and the reads it is noting for next time. */
interface EarlyRequests {
  page: string;
  language: string;
  responses: Map<string, Promise<Response>>;
  noted: (PagePlan & { until: number }) | null;
}

declare global {
  interface Window {
    __earlyRequests?: EarlyRequests;
  }
}

/**
 * A page's reads are the GETs of the first seconds after its first one (a page's queries start together, and those
 * that need another's answer follow within a round trip), so a later tap's reads are not started on every visit.
 */
const RECORD_FOR_MS = 2_000;
/** An early answer is not used once the page has been open this long: the app asks again. */
const KEEP_FOR_MS = 60_000;
/** Bounds on what is kept on the device. */
const MAX_PAGES = 30;
const MAX_PATHS = 12;

function readPlans(): Plans {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKeys.earlyRequests) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Plans) : {};
  } catch {
    return {};
  }
}

/** Run by src/early.ts as the page's HTML arrives: starts the page's reads if a session is stored. */
export function startEarlyRequests(): void {
  const stored = localStorage.getItem(storageKeys.token);
  const plan = readPlans()[window.location.pathname];
  const responses = new Map<string, Promise<Response>>();
  window.__earlyRequests = { page: window.location.pathname, language: plan?.language ?? '', responses, noted: null };
  if (stored === null || !plan || !Array.isArray(plan.paths)) return;
  const token = decryptToken(stored);
  for (const path of plan.paths.slice(0, MAX_PATHS)) {
    const response = token.then((plain) =>
      fetch(`${env.apiUrl}${path}`, {
        headers: { Accept: 'application/json', 'Accept-Language': plan.language, Authorization: `Bearer ${plain}` },
        credentials: 'same-origin',
      }),
    );
    // Never an unhandled rejection: the client asks again when it takes a failed one.
    response.catch(() => undefined);
    responses.set(path, response);
  }
}

/** The early answer to a GET of `path` in `language`, once; undefined when there is none to use. */
export function takeEarlyResponse(path: string, language: string): Promise<Response> | undefined {
  const early = window.__earlyRequests;
  const response = early?.responses.get(path);
  if (!early || !response) return undefined;
  early.responses.delete(path);
  if (early.language !== language || performance.now() > KEEP_FOR_MS) return undefined;
  return response;
}

/** Keeps this load's noted reads as the page's plan: the latest pages last, the oldest dropped. */
function savePlan(page: string, plan: PagePlan): void {
  const plans = readPlans();
  delete plans[page];
  const kept = Object.entries(plans).slice(-(MAX_PAGES - 1));
  try {
    localStorage.setItem(storageKeys.earlyRequests, JSON.stringify(Object.fromEntries([...kept, [page, plan]])));
  } catch {
    // Storage full or refused: the page simply starts its reads later next time.
  }
}

/**
 * Notes a GET of the page's first reads, for the next time it opens, under the address its HTML was loaded for
 * (/ redirects to /dashboard: the plan of / is the dashboard's reads). Saved once, when the reads are over. Only on
 * a page whose HTML starts early reads (it ran src/early.ts).
 */
export function recordRequest(path: string, language: string): void {
  const early = window.__earlyRequests;
  if (!early) return;
  if (!early.noted) {
    const plan: PagePlan & { until: number } = { language, paths: [], until: performance.now() + RECORD_FOR_MS };
    early.noted = plan;
    setTimeout(() => savePlan(early.page, { language, paths: plan.paths }), RECORD_FOR_MS);
  }
  const { noted } = early;
  if (performance.now() > noted.until || noted.language !== language) return;
  if (!noted.paths.includes(path) && noted.paths.length < MAX_PATHS) noted.paths.push(path);
}
