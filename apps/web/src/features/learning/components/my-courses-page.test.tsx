import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders, signIn } from '@/testing/test-utils';
import { course } from '../learning.fixtures';
import { MyCoursesPage } from './my-courses-page';

describe('MyCoursesPage', () => {
  it("shows the empty state with a 'Purchase Courses' link", async () => {
    mockApi({ 'GET /learn': ok({ course: [], school: [] }) });
    await signIn();
    renderWithProviders(<MyCoursesPage />, { path: '/learn' });
    expect(await screen.findByText('You have no courses yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Purchase Courses' })).toHaveAttribute('href', '/courses');
  });

  it("shows each course with its percent done, 'View More', and 'Certificate' once issued", async () => {
    mockApi({
      'GET /learn': ok({
        course: [
          course({
            id: 1,
            name: 'Foundations of Mathematics',
            progress_percent: 37.5,
            certificate_id: 'c3f1a9e2b7',
            certificate_url: 'http://x/certificate/c3f1a9e2b7',
          }),
          course({ id: 2, name: 'Physics: Motion and Energy', progress_percent: 0 }),
        ],
        school: [],
      }),
    });
    await signIn();
    renderWithProviders(<MyCoursesPage />, { path: '/learn' });
    const maths = within(await screen.findByRole('article', { name: 'Foundations of Mathematics' }));
    expect(maths.getByText('37.5% done')).toBeInTheDocument();
    expect(maths.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '37.5');
    expect(maths.getByRole('link', { name: /View More/ })).toHaveAttribute('href', '/learn-more/1');
    const certificate = maths.getByRole('link', { name: /Certificate/ });
    expect(certificate).toHaveAttribute('href', 'http://x/certificate/c3f1a9e2b7');
    expect(certificate).toHaveAttribute('target', '_blank');

    const physics = within(screen.getByRole('article', { name: 'Physics: Motion and Energy' }));
    expect(physics.getByText('0% done')).toBeInTheDocument();
    expect(physics.queryByRole('link', { name: /Certificate/ })).not.toBeInTheDocument();
  });
});
