import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminCourse } from '@app/contracts';
import { deferred, fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { PublishSwitch } from './courses-page';

const course: AdminCourse = {
  id: 7,
  name: 'Motion Basics',
  about: '',
  category_id: 1,
  batch_id: null,
  price: 299,
  offer_price: 199,
  is_published: false,
  photo_path: null,
  video_path: null,
  language: 'en',
  terms_count: 1,
  paid_purchases: 0,
  created_at: '2026-11-01T10:00:00.000Z',
};

describe('PublishSwitch', () => {
  it('shows the new state from the click on, and stays disabled until the server answers', async () => {
    const reply = deferred();
    mockApi({ 'PUT /admin/courses/7': reply.handler });
    renderWithProviders(<PublishSwitch course={course} />);
    const toggle = screen.getByLabelText('Published: Motion Basics');

    fireEvent.click(toggle);
    // Synchronously after the click: a controlled switch that waited for the mutation's pending state would be
    // put back to unchecked here (the admin journey's `check()` failed on exactly that).
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();

    reply.release(ok({ ...course, is_published: true }));
    expect(await screen.findByText('Motion Basics is published.')).toBeInTheDocument();
  });

  it('goes back to the stored state when the server refuses', async () => {
    mockApi({ 'PUT /admin/courses/7': fail(400, 'This course has no terms yet.') });
    renderWithProviders(<PublishSwitch course={course} />);
    const toggle = screen.getByLabelText('Published: Motion Basics');
    fireEvent.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('This course has no terms yet.');
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(toggle).toBeEnabled();
  });
});
