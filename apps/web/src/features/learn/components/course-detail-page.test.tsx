import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProgressData, SubjectItem, TermItem } from '@app/contracts';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders, signIn } from '@/testing/test-utils';
import { CourseDetailPage } from './course-detail-page';

const subject = (id: number, name: string, file_type: SubjectItem['file_type'], file_url: string): SubjectItem => ({
  id, name, about: '', photo_path: null, file_type, file_url, hls_url: null,
});
const term1Subjects = [
  subject(11, 'Fractions', 'pdf', '/live-connect/api/files/subjects/11?u=1&e=2&s=x'),
  subject(12, 'Intro video', 'video', '/live-connect/api/files/subjects/12?u=1&e=2&s=x'),
];
const term2Subjects = [
  subject(21, 'Ratios explained', 'youtube', 'https://www.youtube.com/watch?v=abc123'),
  subject(22, 'Further reading', 'link', 'https://example.org/ratios'),
];
const summary = ({ id, name, about, photo_path, file_type }: SubjectItem) => ({ id, name, about, photo_path, file_type });
const terms: TermItem[] = [
  { id: 1, name: 'Term 1: Numbers', about: '', photo_path: null, termSubjects: term1Subjects.map(summary) },
  { id: 2, name: 'Term 2: Ratios', about: '', photo_path: null, termSubjects: term2Subjects.map(summary) },
];
const progress = (overrides: Partial<ProgressData> = {}): ProgressData => ({
  course_id: 3, last_subject_id: null, last_term_id: null, position_seconds: 0, studied_subject_ids: [], total_subjects: 4, percent: 0,
  ...overrides,
});

async function openCourse(progressData: ProgressData) {
  const server = mockApi({
    'GET /learn': ok({ course: [{ id: 3, name: 'Foundations of Mathematics', photo_path: null, price: 1, offer_price: 1, about: '', video_path: null, category_id: 1, certificate_id: null, certificate_url: null, progress_percent: 0 }], school: [] }),
    'GET /terms/3': ok(terms),
    'GET /progress/3': ok(progressData),
    'GET /term-subjects/1': ok(term1Subjects),
    'GET /term-subjects/2': ok(term2Subjects),
    'POST /progress': (call) => {
      const { subject_id } = call.body as { subject_id: number };
      const termId = subject_id < 20 ? 1 : 2;
      return ok(progress({ last_subject_id: subject_id, last_term_id: termId, studied_subject_ids: [subject_id] }));
    },
  });
  await signIn();
  const view = renderWithProviders(<CourseDetailPage />, { path: '/learn-more/:id', url: '/learn-more/3' });
  await screen.findByRole('heading', { level: 1, name: 'Foundations of Mathematics' }, { timeout: 5000 });
  return { ...view, server };
}

describe('CourseDetailPage (learn-more)', () => {
  it("lists the terms with a 'Quiz' link each and a 'Quiz' link per subject", async () => {
    await openCourse(progress());
    expect(await screen.findByRole('button', { name: 'Term 1: Numbers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Quiz: Term 1: Numbers' })).toHaveAttribute('href', '/quiz/11?course=3');
    expect(screen.getByRole('link', { name: 'Quiz: Term 2: Ratios' })).toHaveAttribute('href', '/quiz/21?course=3');
    expect(screen.getByRole('link', { name: 'Quiz: Intro video' })).toHaveAttribute('href', '/quiz/12?course=3');
  });

  it('resumes the last subject: a pdf in a frame with the toolbar hidden', async () => {
    await openCourse(progress({ last_subject_id: 11, last_term_id: 1, studied_subject_ids: [11] }));
    const frame = await screen.findByTitle('Fractions');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', '/live-connect/api/files/subjects/11?u=1&e=2&s=x#toolbar=0');
    expect(screen.getByRole('button', { name: /Fractions/ })).toHaveAttribute('aria-current', 'true');
  });

  it('opens a subject (marking it studied), and shows each file type its way', async () => {
    const { user, server } = await openCourse(progress());
    await user.click(await screen.findByRole('button', { name: 'Term 2: Ratios' }));
    await user.click(await screen.findByRole('button', { name: /Ratios explained/ }));
    const youtube = await screen.findByTitle('Ratios explained');
    expect(youtube).toHaveAttribute('src', 'https://www.youtube.com/embed/abc123');
    expect(server.callsTo('POST', '/progress').map((c) => c.body)).toContainEqual({ subject_id: 21 });

    await user.click(screen.getByRole('button', { name: /Further reading/ }));
    const link = await screen.findByRole('link', { name: 'click here to view details' });
    expect(link).toHaveAttribute('href', 'https://example.org/ratios');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(screen.queryByTitle('Ratios explained')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Term 1: Numbers' }));
    await user.click(await screen.findByRole('button', { name: /Intro video/ }));
    const video = await screen.findByTitle('Intro video');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', '/live-connect/api/files/subjects/12?u=1&e=2&s=x');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('loop');
    expect(video).toHaveAttribute('autoplay');
  });

  it('marks studied subjects', async () => {
    await openCourse(progress({ studied_subject_ids: [12] }));
    const row = (await screen.findByRole('button', { name: /Intro video/ }));
    expect(within(row).getByText('Studied:')).toBeInTheDocument();
  });

  it("says so when the course is not the learner's", async () => {
    mockApi({
      'GET /learn': ok({ course: [], school: [] }),
      'GET /terms/3': fail(403, 'You do not have access to this.'),
      'GET /progress/3': fail(403, 'You do not have access to this.'),
    });
    await signIn();
    renderWithProviders(<CourseDetailPage />, { path: '/learn-more/:id', url: '/learn-more/3' });
    expect(await screen.findByText('You do not have access to this.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Purchase Courses' })).toHaveAttribute('href', '/courses');
  });
});
