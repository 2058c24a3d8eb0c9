import { useMemo } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
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

/** Spec section 2. Every page is its own lazy chunk. */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const page = (load: () => Promise<RouteModule>) => async () => {
    const { default: Component, prefetch } = await load();
    if (!prefetch) return { Component };
    return { Component, loader: () => { prefetch(queryClient); return null; } };
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
          lazy: page(() => import('./routes/app/root')),
          children: [
            { path: paths.dashboard.path, lazy: page(() => import('./routes/app/dashboard')) },
            { path: paths.profile.path, lazy: page(() => import('./routes/app/profile')) },
            { path: paths.courses.path, lazy: page(() => import('./routes/app/courses')) },
            { path: paths.courseDetail.path, lazy: page(() => import('./routes/app/course')) },
            { path: paths.learn.path, lazy: page(() => import('./routes/app/learn')) },
            { path: paths.learnMore.path, lazy: page(() => import('./routes/app/learn-more')) },
            { path: paths.quiz.path, lazy: page(() => import('./routes/app/quiz')) },
            { path: paths.checkout.path, lazy: page(() => import('./routes/app/checkout')) },
            { path: paths.checkoutBatch.path, lazy: page(() => import('./routes/app/checkout-batch')) },
            { path: paths.success.path, lazy: page(() => import('./routes/app/success')) },
            { path: paths.wallet.path, lazy: page(() => import('./routes/app/wallet')) },
            { path: paths.users.path, lazy: page(() => import('./routes/app/users')) },
            { path: paths.downloads.path, lazy: page(() => import('./routes/app/downloads')) },
          ],
        },
        {
          // The operator console (issue 6): signed in here, the admin role checked by its root, which shows
          // anyone else 'You do not have access'. Every screen is its own lazy chunk.
          path: paths.admin.path,
          loader: requireSession,
          lazy: page(() => import('./routes/admin/root')),
          children: [
            { index: true, loader: () => redirect(paths.adminCourses.getHref()) },
            { path: paths.adminCourses.path, lazy: page(() => import('./routes/admin/courses')) },
            { path: paths.adminNewCourse.path, lazy: page(() => import('./routes/admin/new-course')) },
            { path: paths.adminCourse.path, lazy: page(() => import('./routes/admin/course')) },
            { path: paths.adminQuestions.path, lazy: page(() => import('./routes/admin/questions')) },
            { path: paths.adminCategories.path, lazy: page(() => import('./routes/admin/categories')) },
            { path: paths.adminSchool.path, lazy: page(() => import('./routes/admin/school')) },
            { path: paths.adminAds.path, lazy: page(() => import('./routes/admin/ads')) },
            { path: paths.adminOfferCodes.path, lazy: page(() => import('./routes/admin/offer-codes')) },
            { path: paths.adminPurchases.path, lazy: page(() => import('./routes/admin/purchases')) },
            { path: paths.adminWithdrawals.path, lazy: page(() => import('./routes/admin/withdrawals')) },
            { path: paths.adminUsers.path, lazy: page(() => import('./routes/admin/users')) },
            { path: paths.adminUser.path, lazy: page(() => import('./routes/admin/user')) },
            { path: paths.adminHeldReferrals.path, lazy: page(() => import('./routes/admin/held-referrals')) },
            { path: paths.adminLevelsRates.path, lazy: page(() => import('./routes/admin/levels-rates')) },
            { path: paths.adminAudit.path, lazy: page(() => import('./routes/admin/audit')) },
            { path: paths.adminJobs.path, lazy: page(() => import('./routes/admin/jobs')) },
            { path: '*', lazy: page(() => import('./routes/admin/not-found')) },
          ],
        },
        { path: paths.login.path, lazy: page(() => import('./routes/auth/login')) },
        { path: paths.register.path, lazy: page(() => import('./routes/auth/register')) },
        { path: paths.registerWithReferral.path, lazy: page(() => import('./routes/auth/register')) },
        { path: paths.forgotPassword.path, lazy: page(() => import('./routes/auth/forgot-password')) },
        { path: paths.verifyAccount.path, lazy: page(() => import('./routes/auth/verify-account')) },
        { path: paths.chooseLevel.path, loader: requireSession, lazy: page(() => import('./routes/onboarding/choose-level')) },
        { path: paths.verify.path, loader: requireSession, lazy: page(() => import('./routes/onboarding/verify')) },
        { path: paths.certificate.path, lazy: page(() => import('./routes/certificate')) },
        { path: '*', lazy: page(() => import('./routes/not-found')) },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  const router = createBrowserRouter(createRoutes(queryClient));
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

export function AppRouter() {
  const queryClient = useQueryClient();
  const router = useMemo(() => createAppRouter(queryClient), [queryClient]);
  return <RouterProvider router={router} />;
}
