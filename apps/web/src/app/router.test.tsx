import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, fail, mockApi, ok } from '@/testing/mock-api';
import { learner, renderRoutes, signIn, studiedLast } from '@/testing/test-utils';
import { profile } from '@/features/profile/components/test-data';
import { levelStatus } from '@/features/referrals/components/test-data';
import { ledger } from '@/features/wallet/components/wallet-page.fixtures';
import { meQueryKey } from '@/lib/auth/get-me';
import { createQueryClient } from '@/lib/query';
import { keepPages, restoreKeptPages } from '@/lib/query-persistence';
import { storageKeys } from '@/lib/token-storage';
import { createRoutes } from './router';

/** The first visit of a page compiles its lazy chunk, which can be slow on a busy machine. */
const lazyChunk = { timeout: 5000 };

describe('routes', () => {
  it('sends a signed-out visitor of an app page to /login, asking the server for none of its data', async () => {
    const server = mockApi({});
    const { router } = renderRoutes(createRoutes, '/wallet');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' }, lazyChunk)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    // The wallet's loader runs beside the one that redirects: without a session its requests would only get 401s.
    expect(server.calls).toEqual([]);
  });

  it("redirects '/' to the dashboard, which welcomes the learner in the shell", async () => {
    mockApi({ 'GET /me': ok(learner({ email_verified_at: '2025-01-01T00:00:00.000Z', isStandardPicked: true })) });
    await signIn();
    const { router } = renderRoutes(createRoutes, '/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha!' }, lazyChunk)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByRole('link', { name: 'Wallet' })).toHaveAttribute('href', '/wallet');
    expect(screen.getByRole('link', { name: /Dashboard/ })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: /My Courses/ })).toHaveAttribute('href', '/learn');
  });

  it('sends an unverified learner without a batch to choose-level, and one with a batch to verify', async () => {
    mockApi({ 'GET /me': ok(learner()) });
    await signIn();
    const first = renderRoutes(createRoutes, '/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose My Batch' }, lazyChunk)).toBeInTheDocument();
    expect(first.router.state.location.pathname).toBe('/choose-level');
    first.unmount();

    mockApi({ 'GET /me': ok(learner({ isStandardPicked: true })) });
    const second = renderRoutes(createRoutes, '/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify Your Email' }, lazyChunk)).toBeInTheDocument();
    expect(second.router.state.location.pathname).toBe('/verify');
  });

  it('does not send a learner back to onboarding on a /me kept from before the verification (decision 029)', async () => {
    // The last visit, signed in, kept /me while the email was still unverified; the learner has verified since.
    await signIn();
    const lastVisit = createQueryClient();
    const stopKeeping = keepPages(lastVisit);
    lastVisit.setQueryData(meQueryKey, learner({ isStandardPicked: true }));
    await waitFor(() => expect(localStorage.getItem(storageKeys.pages)).toContain('asha@example.com'), lazyChunk);
    stopKeeping();

    const me = deferred();
    mockApi({ 'GET /me': me.handler });
    const thisVisit = createQueryClient();
    await restoreKeptPages(thisVisit);
    const { router } = renderRoutes(createRoutes, '/learn-more/3', thisVisit);
    // The page's modules are in and the shell has drawn with the kept /me; the fresh one is still on its way.
    await waitFor(() => expect(router.state.initialized).toBe(true), lazyChunk);
    await new Promise((settle) => setTimeout(settle, 100));
    me.release(ok(learner({ email_verified_at: '2025-01-01T00:00:00.000Z', isStandardPicked: true })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Course Details' }, lazyChunk)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/learn-more/3');
  });

  it("lays out the dashboard's cards once Continue and the batch have answered, so no card is pushed down", async () => {
    const continued = deferred();
    mockApi({
      'GET /me': ok(learner({ email_verified_at: '2025-01-01T00:00:00.000Z', isStandardPicked: true })),
      'GET /continue': continued.handler,
      'GET /batch': ok(null),
      'GET /level-status': ok(levelStatus()),
      'GET /profile': ok(profile()),
    });
    await signIn();
    renderRoutes(createRoutes, '/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha!' }, lazyChunk)).toBeInTheDocument();
    // The level card would be drawn below where the Continue card is about to appear.
    await new Promise((settle) => setTimeout(settle, 100));
    expect(screen.queryByRole('heading', { name: /Bronze/ })).not.toBeInTheDocument();

    continued.release(ok(studiedLast));
    const continueCard = await screen.findByRole('region', { name: 'Continue learning' });
    const levelCard = await screen.findByRole('heading', { name: /Bronze/ });
    expect(continueCard.compareDocumentPosition(levelCard) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("asks for the dashboard's data once a visit: the loader's request serves the page", async () => {
    const api = mockApi({
      'GET /me': ok(learner({ email_verified_at: '2025-01-01T00:00:00.000Z', isStandardPicked: true })),
      'GET /continue': ok(studiedLast),
      'GET /batch': ok(null),
    });
    await signIn();
    const { queryClient } = renderRoutes(createRoutes, '/dashboard');
    expect(await screen.findByRole('region', { name: 'Continue learning' }, lazyChunk)).toBeInTheDocument();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(api.callsTo('GET', '/continue')).toHaveLength(1);
    expect(api.callsTo('GET', '/batch')).toHaveLength(1);
  });

  it('sends a verified learner away from choose-level and verify', async () => {
    mockApi({ 'GET /me': ok(learner({ email_verified_at: '2025-01-01T00:00:00.000Z' })) });
    await signIn();
    const { router } = renderRoutes(createRoutes, '/verify');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), lazyChunk);
  });

  it('shows the placeholder pages inside the shell', async () => {
    mockApi({ 'GET /me': ok(learner({ email_verified_at: '2025-01-01T00:00:00.000Z' })) });
    await signIn();
    renderRoutes(createRoutes, '/learn-more/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Course Details' }, lazyChunk)).toBeInTheDocument();
  });

  it("shows the 404 page with 'Back to Home' for unknown paths", async () => {
    mockApi({});
    renderRoutes(createRoutes, '/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, lazyChunk)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it("starts a page's requests alongside GET /me instead of after it", async () => {
    const me = deferred();
    const server = mockApi({ 'GET /me': me.handler, 'GET /transactions': ok(ledger()) });
    await signIn();
    renderRoutes(createRoutes, '/wallet');
    await waitFor(() => expect(server.callsTo('GET', '/transactions')).toHaveLength(1), lazyChunk);
    expect(server.callsTo('GET', '/me')).toHaveLength(1);

    me.release(ok(learner({ email_verified_at: '2025-01-01T00:00:00.000Z', isStandardPicked: true })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Wallet' }, lazyChunk)).toBeInTheDocument();
    // The page reads what the prefetch fetched: no second request.
    expect(server.callsTo('GET', '/transactions')).toHaveLength(1);
  });

  it('verify-account names the account of the link and, once the learner continues, stores its token and goes home', async () => {
    const server = mockApi({ 'GET /me': ok(learner({ email_verified_at: '2025-01-01T00:00:00.000Z' })) });
    const { router, user } = renderRoutes(createRoutes, '/verify-account?token=link-token');
    expect(
      await screen.findByText('This link signs you in as Asha Nair (asha@example.com).', {}, lazyChunk),
    ).toBeInTheDocument();
    // Nothing is stored before the learner says so.
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(server.callsTo('GET', '/me')[0]?.headers.get('Authorization')).toBe('Bearer link-token');

    await user.click(screen.getByRole('button', { name: 'Continue as Asha Nair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), lazyChunk);
    const stored = localStorage.getItem(storageKeys.token);
    expect(stored).not.toBeNull();
    expect(stored).not.toBe('link-token');
    expect(server.callsTo('GET', '/me').at(-1)?.headers.get('Authorization')).toBe('Bearer link-token');
  });

  it("verify-account never swaps a signed-in learner into the link's account without asking, nor signs them out for a bad link", async () => {
    localStorage.setItem(storageKeys.name, 'Ravi Kumar');
    await signIn('ravi-token');
    const before = localStorage.getItem(storageKeys.token);
    mockApi({
      'GET /me': (call) =>
        call.headers.get('Authorization') === 'Bearer stranger-token'
          ? ok(learner({ first_name: 'Someone', last_name: 'Else', email: 'someone@example.com' }))
          : ok(learner({ first_name: 'Ravi', last_name: 'Kumar', email_verified_at: '2025-01-01T00:00:00.000Z' })),
    });
    const { router, user } = renderRoutes(createRoutes, '/verify-account?token=stranger-token');
    expect(
      await screen.findByText('This link signs you in as Someone Else (someone@example.com).', {}, lazyChunk),
    ).toBeInTheDocument();
    expect(
      screen.getByText('You are signed in as Ravi Kumar on this device: continuing signs you out of that account.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/verify-account'), lazyChunk);
    expect(localStorage.getItem(storageKeys.token)).toBe(before);
  });

  it('verify-account shows why a refused link failed and keeps the session it found', async () => {
    await signIn('ravi-token');
    const before = localStorage.getItem(storageKeys.token);
    mockApi({ 'GET /me': fail(401, 'Unauthenticated.') });
    renderRoutes(createRoutes, '/verify-account?token=expired-token');
    expect(await screen.findByText('Unauthenticated.', {}, lazyChunk)).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.token)).toBe(before);
  });
});
