import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminSubject, AdminTerm, VideoState } from '@app/contracts';
import { mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { SubjectsTable } from './subjects-table';

const term: AdminTerm = {
  id: 7,
  course_id: 3,
  name: 'Numbers',
  about: '',
  photo_path: null,
  position: 0,
  subjects_count: 3,
};
const video = (overrides: Partial<VideoState>): VideoState => ({
  status: 'pending',
  progress: 0,
  error: null,
  renditions: [],
  duration_seconds: null,
  started_at: null,
  finished_at: null,
  ...overrides,
});
const subject = (
  id: number,
  name: string,
  state: VideoState | null,
  fileType: AdminSubject['file_type'] = 'video',
): AdminSubject => ({
  id,
  term_id: 7,
  name,
  about: '',
  position: id,
  file_type: fileType,
  url: null,
  has_file: true,
  questions_count: 0,
  video: state,
});

describe('SubjectsTable: video transcoding', () => {
  it('shows each video chapter state with a progress bar while running, and asks again until it is done', async () => {
    let calls = 0;
    mockApi({
      'GET /admin/terms/7/subjects': () => {
        calls += 1;
        return ok([
          subject(
            1,
            'Lecture',
            calls === 1
              ? video({ status: 'running', progress: 42 })
              : video({ status: 'ready', progress: 100, renditions: [240, 360, 720] }),
          ),
          subject(2, 'Reading', null, 'pdf'),
        ]);
      },
    });
    renderWithProviders(<SubjectsTable courseId={3} term={term} />);
    expect(await screen.findByText('Transcoding 42%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Transcoding Lecture' })).toHaveAttribute('aria-valuenow', '42');

    // Polled while running; then ready with its renditions, and polling stops.
    expect(await screen.findByText('Adaptive ready', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('240p · 360p · 720p')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    const row = screen.getByText('Reading').closest('tr')!;
    expect(within(row).queryByText(/Transcod|Adaptive|Waiting/)).not.toBeInTheDocument();
  }, 10_000);

  it("offers 'Transcode again' for a failed video, which asks the API and shows the new state", async () => {
    let isRetried = false;
    const server = mockApi({
      'GET /admin/terms/7/subjects': () =>
        ok([
          subject(
            1,
            'Lecture',
            isRetried
              ? video({ status: 'pending' })
              : video({ status: 'failed', error: 'Not a playable video: moov atom not found' }),
          ),
        ]),
      'POST /admin/subjects/1/transcode': () => {
        isRetried = true;
        return ok(video({ status: 'pending' }), 'Transcoding will start shortly.');
      },
    });
    const { user } = renderWithProviders(<SubjectsTable courseId={3} term={term} />);
    expect(await screen.findByText('Transcoding failed')).toBeInTheDocument();
    expect(screen.getByText('Not a playable video: moov atom not found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Transcode Lecture again' }));
    await waitFor(() => expect(server.callsTo('POST', '/admin/subjects/1/transcode')).toHaveLength(1));
    expect(await screen.findByText('Waiting to transcode')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Transcode Lecture again' })).not.toBeInTheDocument();
  });
});
