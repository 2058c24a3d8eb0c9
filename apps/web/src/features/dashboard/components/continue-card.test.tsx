import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ContinueData } from '@app/contracts';
import { mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders, signIn } from '@/testing/test-utils';
import { ContinueCard } from './continue-card';

const item: ContinueData = {
  course_id: 3, course_name: 'Foundations of Mathematics', term_id: 1, subject_id: 12, subject_name: 'Intro video',
  file_type: 'video', position_seconds: 95, page: null, percent: 33.33,
};

describe('ContinueCard', () => {
  it('shows the course, the chapter, the percent and a Continue link to that chapter', async () => {
    mockApi({ 'GET /continue': ok(item) });
    await signIn();
    renderWithProviders(<ContinueCard />);
    const card = await screen.findByRole('region', { name: 'Continue learning' });
    expect(card).toHaveTextContent('Foundations of Mathematics');
    expect(card).toHaveTextContent('Intro video · Video');
    expect(card).toHaveTextContent('33.33% done');
    expect(screen.getByRole('progressbar', { name: 'Foundations of Mathematics progress' })).toHaveAttribute('aria-valuenow', '33.33');
    expect(screen.getByRole('link', { name: 'Continue: Intro video' })).toHaveAttribute('href', '/learn-more/3?subject=12');
  });

  it('shows nothing before the learner has studied a chapter', async () => {
    const server = mockApi({ 'GET /continue': ok(null) });
    await signIn();
    renderWithProviders(<ContinueCard />);
    await vi.waitFor(() => expect(server.callsTo('GET', '/continue')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByText('Continue learning')).not.toBeInTheDocument();
  });
});
