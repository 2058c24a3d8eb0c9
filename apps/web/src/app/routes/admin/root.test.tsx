import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { learner, renderRoutes, signIn } from '@/testing/test-utils';
import { createRoutes } from '../../router';

/** The first visit of a page compiles its lazy chunk, which can be slow on a busy machine. */
const lazyChunk = { timeout: 10_000 };
const verified = { email_verified_at: '2025-01-01T00:00:00.000Z', isStandardPicked: true };
const page = <T,>(data: T[]) => ({ data, current_page: 1, per_page: 20, total: data.length, last_page: 1 });

const course = {
  id: 3,
  name: 'Foundations of Mathematics',
  about: '',
  category_id: 1,
  batch_id: null,
  language: 'en',
  price: 999,
  offer_price: 499,
  is_published: true,
  photo_path: null,
  video_path: null,
  terms_count: 2,
  paid_purchases: 4,
  created_at: '2025-01-01T00:00:00.000Z',
};

describe('the /admin guard', () => {
  it('sends a signed-out visitor to /login', async () => {
    mockApi({});
    const { router } = renderRoutes(createRoutes, '/admin/courses');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' }, lazyChunk)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows a learner 'You do not have access' and asks the API for nothing of the console", async () => {
    const server = mockApi({ 'GET /me': ok(learner({ ...verified, roles: ['learner'] })) });
    await signIn();
    renderRoutes(createRoutes, '/admin/withdrawals');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You do not have access' }, lazyChunk),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Withdrawals' })).not.toBeInTheDocument();
    expect(server.calls.filter((call) => call.path.startsWith('/admin'))).toHaveLength(0);
  });

  it("gives no 'Admin' entry in a learner's side menu", async () => {
    mockApi({ 'GET /me': ok(learner({ ...verified, roles: ['learner'] })) });
    await signIn();
    renderRoutes(createRoutes, '/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha!' }, lazyChunk)).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main' });
    expect(within(menu).getByRole('link', { name: /Dashboard/ })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: /Admin/ })).not.toBeInTheDocument();
  });

  it("opens the console for an admin: '/admin' lands on Courses with the section nav", async () => {
    mockApi({
      'GET /me': ok(learner({ ...verified, roles: ['admin', 'learner'], email: 'admin@example.com' })),
      'GET /admin/courses': ok(page([course])),
      'GET /admin/categories': ok([{ id: 1, name: 'Mathematics', courses_count: 1 }]),
    });
    await signIn();
    const { router } = renderRoutes(createRoutes, '/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Courses' }, lazyChunk)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/courses');
    expect(await screen.findByRole('link', { name: 'Foundations of Mathematics' })).toHaveAttribute(
      'href',
      '/admin/courses/3',
    );
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    for (const label of [
      'Courses',
      'Categories',
      'Syllabuses & Batches',
      'Ads',
      'Offer codes',
      'Purchases',
      'Withdrawals',
      'Users',
      'Held referrals',
      'Levels & rates',
      'Audit log',
      'Background jobs',
    ]) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
  });

  it("shows an admin the 'Admin' entry in the learner app's side menu", async () => {
    mockApi({ 'GET /me': ok(learner({ ...verified, roles: ['admin', 'learner'] })) });
    await signIn();
    renderRoutes(createRoutes, '/dashboard');
    const menu = await screen.findByRole('navigation', { name: 'Main' }, lazyChunk);
    await waitFor(() => expect(within(menu).getByRole('link', { name: /Admin/ })).toHaveAttribute('href', '/admin'));
  });
});
