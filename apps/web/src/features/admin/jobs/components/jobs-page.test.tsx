import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { JobsPage } from './jobs-page';

describe('JobsPage', () => {
  it('shows the jobs of each queue by state and the latest failures with their error', async () => {
    mockApi({
      'GET /admin/jobs': ok({
        queues: [
          { name: 'mail', created: 3, active: 1, retry: 2, failed: 0 },
          { name: 'transcode', created: 0, active: 0, retry: 0, failed: 1 },
        ],
        failed: [
          {
            id: 'c299f136-51ea-42d1-9228-b5d9daa636a4',
            name: 'transcode',
            data: { videoId: 42, note: null },
            error: 'ffmpeg exited with code 1',
            attempts: 3,
            failed_at: '2025-01-02T10:00:00.000Z',
          },
        ],
      }),
    });
    renderWithProviders(<JobsPage />);

    const queues = await screen.findByRole('region', { name: 'Queues' });
    const mail = within(queues).getByRole('row', { name: /mail/ });
    expect(
      within(mail)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['mail', '3', '1', '2', '0']);
    const failures = screen.getByRole('region', { name: 'Latest failures' });
    const row = within(failures).getByRole('row', { name: /ffmpeg exited with code 1/ });
    expect(row).toHaveTextContent('videoId: 42');
    expect(row).toHaveTextContent('transcode');
    expect(within(row).getAllByRole('cell').at(-1)).toHaveTextContent('3');
  });

  it('says so when nothing failed', async () => {
    mockApi({
      'GET /admin/jobs': ok({ queues: [{ name: 'mail', created: 0, active: 0, retry: 0, failed: 0 }], failed: [] }),
    });
    renderWithProviders(<JobsPage />);
    expect(await screen.findByText('No failed jobs.')).toBeInTheDocument();
  });
});
