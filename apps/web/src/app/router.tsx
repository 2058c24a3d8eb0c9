import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, redirect, type DataRouter, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { setAuthRedirects } from '@/lib/api-client';
import { meQueryOptions } from '@/lib/auth/get-me';
import { hasToken } from '@/lib/token-storage';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { RootError, RootLayout } from './routes/root';

/**
 * A page module: its component, and optionally `prefetch`, which starts the page's queries while
 * the rest of the page loads. It never waits for them: each page shows its own loading state.
 */
type RouteModule = { default: React.ComponentType; prefetch?: (queryClient: QueryClient) => void };

/** Every page under ./routes, each its own lazy chunk. */
const pageModules = import.meta.glob<RouteModule>([
  './routes/**/*.tsx',
  '!./routes/**/*.test.tsx',
  '!./routes/root.tsx',
]);

/**
 * What a route tells the build (vite-plugins/prerender.ts): its page module, whose chunks the page's
 * HTML preloads, and whether the page is rendered into that HTML (public pages without data).
 */
export interface RouteHandle {
  page: string;
  isPrerendered?: boolean;
}

/** Every route of docs/product/app-shell.md#routes. Every page is its own lazy chunk. */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  /** The route of a page module, by its path under ./routes: 'app/dashboard'. */
  const page = (name: string, options: { isPrerendered?: boolean } = {}) => {
    const load = pageModules[`./routes/${name}.tsx`];
    if (!load) throw new Error(`No page module routes/${name}.tsx.`);
    const handle: RouteHandle = { page: name, ...options };
    return {
      handle,
      lazy: async () => {
        const { default: Component, prefetch } = await load();
        if (!prefetch) return { Component };
        return {
          Component,
          loader: () => {
            // Every page with data is a signed-in one. React Router runs this loader beside its parent's, which
            // sends a signed-out visitor to /login: without a session the page's requests would only get 401s.
            if (hasToken()) prefetch(queryClient);
            return null;
          },
        };
      },
    };
  };
  /** Signed-out visitors of a signed-in page land on /login; for the others, GET /me starts at once. */
  const requireSession = () => {
    if (!hasToken()) return redirect(paths.login.getHref());
    void queryClient.prefetchQuery(meQueryOptions());
    return null;
  };

  return [
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <RootError />,
      hydrateFallbackElement: <LoadingOverlay />,
      children: [
        { index: true, loader: () => redirect(paths.dashboard.getHref()) },
        {
          id: 'app',
          loader: requireSession,
          ...page('app/root'),
          children: [
            { path: paths.dashboard.path, ...page('app/dashboard') },
            { path: paths.profile.path, ...page('app/profile') },
            { path: paths.courses.path, ...page('app/courses') },
            { path: paths.courseDetail.path, ...page('app/course') },
            { path: paths.learn.path, ...page('app/learn') },
            { path: paths.learnMore.path, ...page('app/learn-more') },
            { path: paths.quiz.path, ...page('app/quiz') },
            { path: paths.checkout.path, ...page('app/checkout') },
            { path: paths.checkoutBatch.path, ...page('app/checkout-batch') },
            { path: paths.success.path, ...page('app/success') },
            { path: paths.wallet.path, ...page('app/wallet') },
            { path: paths.purchases.path, ...page('app/purchases') },
            { path: paths.users.path, ...page('app/users') },
            { path: paths.downloads.path, ...page('app/downloads') },
          ],
        },
        {
          // The operator console (issue 6): signed in here, the admin role checked by its root, which shows
          // anyone else 'You do not have access'. Every screen is its own lazy chunk.
          path: paths.admin.path,
          loader: requireSession,
          ...page('admin/root'),
          children: [
            { index: true, loader: () => redirect(paths.adminCourses.getHref()) },
            { path: paths.adminCourses.path, ...page('admin/courses') },
            { path: paths.adminNewCourse.path, ...page('admin/new-course') },
            { path: paths.adminCourse.path, ...page('admin/course') },
            { path: paths.adminQuestions.path, ...page('admin/questions') },
            { path: paths.adminCategories.path, ...page('admin/categories') },
            { path: paths.adminSchool.path, ...page('admin/school') },
            { path: paths.adminAds.path, ...page('admin/ads') },
            { path: paths.adminOfferCodes.path, ...page('admin/offer-codes') },
            { path: paths.adminPurchases.path, ...page('admin/purchases') },
            { path: paths.adminWithdrawals.path, ...page('admin/withdrawals') },
            { path: paths.adminReports.path, ...page('admin/reports') },
            { path: paths.adminUsers.path, ...page('admin/users') },
            { path: paths.adminUser.path, ...page('admin/user') },
            { path: paths.adminHeldReferrals.path, ...page('admin/held-referrals') },
            { path: paths.adminLevelsRates.path, ...page('admin/levels-rates') },
            { path: paths.adminAudit.path, ...page('admin/audit') },
            { path: paths.adminJobs.path, ...page('admin/jobs') },
            { path: '*', ...page('admin/not-found') },
          ],
        },
        { path: paths.login.path, ...page('auth/login', { isPrerendered: true }) },
        { path: paths.register.path, ...page('auth/register', { isPrerendered: true }) },
        { path: paths.registerWithReferral.path, ...page('auth/register') },
        { path: paths.forgotPassword.path, ...page('auth/forgot-password', { isPrerendered: true }) },
        { path: paths.verifyAccount.path, ...page('auth/verify-account') },
        { path: paths.chooseLevel.path, loader: requireSession, ...page('onboarding/choose-level') },
        { path: paths.verify.path, loader: requireSession, ...page('onboarding/verify') },
        { path: paths.certificate.path, ...page('certificate') },
        { path: paths.privacyPolicy.path, ...page('privacy') },
        { path: paths.terms.path, ...page('terms') },
        { path: paths.guardianConsent.path, ...page('guardian-consent') },
        { path: '*', ...page('not-found') },
      ],
    },
  ];
}

/**
 * Loads the page modules of the routes a location matches and puts them into those routes, as React
 * Router's guide to hydrating lazy routes does: a router created afterwards starts with the page ready,
 * so a pre-rendered page hydrates at once and any page renders without waiting for a second download.
 * What a route defines itself (the session check) stays, as with `lazy`.
 */
export async function loadRouteModules(routes: RouteObject[], location: string): Promise<void> {
  const lazyRoutes = (matchRoutes(routes, location) ?? [])
    .map((match) => match.route)
    .filter((route) => typeof route.lazy === 'function');
  await Promise.all(
    lazyRoutes.map(async (route) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      const own = route as Record<string, unknown>;
      for (const [key, value] of Object.entries(loaded)) own[key] ??= value;
      route.lazy = undefined;
    }),
  );
}

/** The browser's router over routes whose current page is loaded (loadRouteModules), with the API client's redirects. */
export function createAppRouter(queryClient: QueryClient, routes: RouteObject[]): DataRouter {
  const router = createBrowserRouter(routes);
  const isAt = (path: string) => router.state.location.pathname === path;
  // 401: the session is gone (the api client cleared it); 417: the email is not verified yet.
  setAuthRedirects({
    onUnauthorized: () => {
      if (!isAt(paths.login.path)) void router.navigate(paths.login.getHref(), { replace: true });
      setTimeout(() => queryClient.clear());
    },
    onUnverified: () => {
      if (!isAt(paths.verify.path)) void router.navigate(paths.verify.getHref());
    },
  });
  return router;
}
