import type { ReactElement, ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import type { ContinueData, MeData } from '@app/contracts';
import { createQueryClient } from '@/lib/query';
import { saveToken } from '@/lib/token-storage';
import { Notifications } from '@/components/ui/notifications';

/** Stands in for any page the component under test navigates to. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

interface RenderOptions {
  /** The route pattern the element is mounted at (default '/'). */
  path?: string;
  /** The URL the test opens (default: path). */
  url?: string;
  /** The query cache, to start from what the device kept (default: an empty one). */
  queryClient?: QueryClient;
}

/** Stands in for a wrapper that app/ gives a page (consent's ConsentNeeded as `ConsentGate`): shows what it wraps. */
export function PassThrough({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}

/**
 * How long to wait for a header menu's items: its code is loaded when first wanted (components/ui/deferred-dropdown.tsx),
 * and the first load in a busy test worker can take a while.
 */
export const MENU_WAIT = { timeout: 5_000 };

/** Renders a screen with the app's providers, a memory router and the toasts. */
export function renderWithProviders(
  element: ReactElement,
  { path = '/', url = path, queryClient = createQueryClient() }: RenderOptions = {},
) {
  const routes: RouteObject[] = [
    { path, element },
    { path: '*', element: <Elsewhere /> },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Notifications />
    </QueryClientProvider>,
  );
  return { ...view, user, router, queryClient };
}

/** Renders the app's own route table (`createRoutes` of app/router) at a URL. */
export function renderRoutes(
  createRoutes: (queryClient: QueryClient) => RouteObject[],
  url: string,
  queryClient = createQueryClient(),
) {
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [url] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Notifications />
    </QueryClientProvider>,
  );
  return { ...view, user: userEvent.setup(), router, queryClient };
}

export async function signIn(token = 'test-token') {
  await saveToken(token);
}

export const learner = (overrides: Partial<MeData> = {}): MeData => ({
  first_name: 'Asha',
  last_name: 'Nair',
  profile_photo_path: null,
  email: 'asha@example.com',
  email_verified_at: null,
  isStandardPicked: false,
  referral_code: 'ABCD2345',
  roles: ['learner'],
  language: 'en',
  ...overrides,
});

/** The chapter a learner studied last (GET /continue): a third of a video. */
export const studiedLast: NonNullable<ContinueData> = {
  course_id: 3,
  course_name: 'Foundations of Mathematics',
  term_id: 1,
  subject_id: 12,
  subject_name: 'Intro video',
  file_type: 'video',
  position_seconds: 95,
  page: null,
  percent: 33.33,
};
