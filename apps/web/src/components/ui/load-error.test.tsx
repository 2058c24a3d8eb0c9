import { screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '@/lib/api-client';
import { mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { LoadError } from './load-error';

/** A page the way the app writes them: its query's error state is the LoadError. */
function Page() {
  const courses = useQuery({ queryKey: ['courses'], queryFn: () => api.get<string[]>('/course') });
  if (courses.isPending) return <p>Loading…</p>;
  if (courses.isError) return <LoadError onRetry={() => courses.refetch()} isRetrying={courses.isFetching} />;
  return <p>{courses.data.data.join(', ')}</p>;
}

describe('LoadError', () => {
  it('fails at once while offline (no retries, no spinner), links to Downloads, and Retry loads the page', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const unreachable = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', unreachable);
    const { user } = renderWithProviders(<Page />);

    expect(
      await screen.findByText('Could not load this page. Check your connection and try again.'),
    ).toBeInTheDocument();
    expect(unreachable).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/You are offline/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Downloads' })).toHaveAttribute('href', '/downloads');

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    mockApi({ 'GET /course': ok(['Foundations of Mathematics']) });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText('Foundations of Mathematics')).toBeInTheDocument());
  });

  it("shows a refusal's own message", () => {
    renderWithProviders(<LoadError error={new ApiError(404, 'Course not found.')} onRetry={() => undefined} />);
    expect(screen.getByText('Course not found.')).toBeInTheDocument();
  });

  it('online, says nothing about Downloads', () => {
    renderWithProviders(<LoadError onRetry={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
  });
});
