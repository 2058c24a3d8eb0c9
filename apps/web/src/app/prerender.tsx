/**
 * The app as the build sees it: vite-plugins/prerender.ts bundles this for Node after the client build
 * and asks it for every page (the page modules its HTML preloads), a path with parameters (/courses/:id)
 * standing for all its pages, and, for the public pages marked `isPrerendered`, their English HTML, which
 * main.tsx hydrates.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, matchRoutes, type DataRouter, type RouteObject } from 'react-router';
import { initTranslations } from '@/lib/i18n';
import { queryClient } from '@/lib/query';
import { App } from './index';
import { createRoutes, type RouteHandle } from './router';

export interface PagePlan {
  /** '/dashboard', or a route's pattern ('/courses/:id') for every path it matches. */
  path: string;
  /** The page modules the page loads before it renders, outermost first: 'app/root', 'app/dashboard'. */
  pages: string[];
  /** The English HTML of #root, for a pre-rendered page. */
  html?: string;
  /** The document title the pre-rendered page sets. */
  title?: string;
  /** The pre-rendered page's preloads (React's, for its images), for <head>. */
  headLinks?: string[];
}

/** Every path of the route table without a wildcard, parameters (':id') included; an index route stands for its parent. */
function routePaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    if (route.path?.includes('*')) return [];
    // The app's child routes mostly repeat their parent's path (paths.ts): those are absolute already.
    const path =
      route.path === undefined
        ? parent
        : route.path.startsWith('/')
          ? route.path
          : `${parent.replace(/\/$/, '')}/${route.path}`;
    const own = route.index || (route.path !== undefined && !route.children) ? [path || '/'] : [];
    return [...own, ...routePaths(route.children ?? [], path)];
  });
}

function whenInitialized(router: DataRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/** The English HTML of a page, as the browser's first render draws it (main.tsx hydrates the same tree). */
async function renderPage(path: string): Promise<Pick<PagePlan, 'html' | 'title' | 'headLinks'>> {
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  await whenInitialized(router);
  const leaf = router.state.matches.at(-1);
  if (router.state.location.pathname !== path || !leaf)
    throw new Error(`${path} redirects: it cannot be pre-rendered.`);
  // A loader (a page's `prefetch`) would make the browser's router wait for it, so the first render could not hydrate.
  if (router.state.matches.some((match) => match.route.loader))
    throw new Error(`${path} has a loader: it cannot be pre-rendered.`);
  const rendered = renderToString(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  router.dispose();
  queryClient.clear();
  // React writes what belongs in <head> first: the page's <title> and preloads (its images).
  const head = /^(?:<title>.*?<\/title>|<link [^>]*\/>)*/.exec(rendered)?.[0] ?? '';
  return {
    html: rendered.slice(head.length),
    title: /<title>(.*?)<\/title>/.exec(head)?.[1],
    headLinks: head.match(/<link [^>]*\/>/g) ?? [],
  };
}

export async function planPages(): Promise<PagePlan[]> {
  await initTranslations();
  const routes = createRoutes(queryClient);
  const plans: PagePlan[] = [];
  for (const path of [...new Set(routePaths(routes))]) {
    // A pattern is matched as one of its paths would be: '/courses/:id' as '/courses/0'.
    const example = path.replaceAll(/:[^/]+/g, '0');
    const matches = matchRoutes(routes, example) ?? [];
    const handles = matches.map((match) => match.route.handle as RouteHandle | undefined);
    const pages = handles.flatMap((handle) => (handle ? [handle.page] : []));
    if (!pages.length) continue;
    const plan: PagePlan = { path, pages };
    // Only a fixed path's HTML is known before its data: a page with parameters gets the shell with its chunks.
    if (handles.at(-1)?.isPrerendered && example === path) Object.assign(plan, await renderPage(path));
    plans.push(plan);
  }
  return plans;
}
