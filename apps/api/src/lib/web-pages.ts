import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pickLanguage, type Language } from '@app/contracts';
import { readCookie } from './read-cookie.ts';

/** The cookie the web app sets beside its stored choice of language (apps/web/src/lib/i18n.ts). */
export const LANGUAGE_COOKIE = 'language';

interface Page {
  file: string;
  /** Holds the English HTML of the page (the build pre-renders the public pages), not only the app shell. */
  isPrerendered: boolean;
}

/** Whether `path` is one of the paths of a route's pattern: '/courses/7' of '/courses/:id'. */
function matchesPattern(path: string, pattern: string): boolean {
  const segments = path.split('/');
  const patternSegments = pattern.split('/');
  return (
    segments.length === patternSegments.length &&
    patternSegments.every((part, index) => (part.startsWith(':') ? segments[index] !== '' : part === segments[index]))
  );
}

/**
 * The web build's page for each path (pages.json, written by apps/web/vite-plugins/prerender.ts), read once at
 * boot: a fixed path's own, else the page of the route pattern it matches (/courses/:id), else the app shell. A
 * pre-rendered page paints English before any script runs, so a reader of Hindi or Malayalam (their cookie, else
 * their browser's Accept-Language) gets the app shell instead, which draws the page in their language without
 * showing English first.
 */
export function loadWebPages(webDist: string) {
  const listFile = join(webDist, 'pages.json');
  const list = existsSync(listFile) ? (JSON.parse(readFileSync(listFile, 'utf8')) as Record<string, string>) : {};
  const pages = new Map<string, Page>(
    Object.entries(list).map(([path, file]) => [
      path,
      { file, isPrerendered: readFileSync(join(webDist, file), 'utf8').includes('data-prerendered') },
    ]),
  );
  const patterns = [...pages].filter(([path]) => path.includes(':'));
  return {
    /** The file to answer `path` with, relative to the build's folder. */
    fileFor(path: string, request: { cookie?: string; acceptLanguage?: string }): string {
      const page = pages.get(path) ?? patterns.find(([pattern]) => matchesPattern(path, pattern))?.[1];
      if (!page) return 'index.html';
      if (!page.isPrerendered) return page.file;
      return readerLanguage(request) === 'en' ? page.file : 'index.html';
    },
  };
}

function readerLanguage(request: { cookie?: string; acceptLanguage?: string }): Language {
  const chosen = readCookie(request.cookie, LANGUAGE_COOKIE);
  return pickLanguage(chosen ?? request.acceptLanguage);
}
