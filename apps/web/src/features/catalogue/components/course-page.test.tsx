import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CourseCurriculum } from '@app/contracts';
import { hi } from '@app/contracts/i18n/hi';
import { applyLanguage } from '@/lib/i18n';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders, signIn } from '@/testing/test-utils';
import { CoursePage } from './course-page';

const curriculum = (overrides: Partial<CourseCurriculum> = {}): CourseCurriculum => ({
  course: {
    id: 5,
    name: 'Biology Basics',
    photo_path: null,
    price: 999,
    offer_price: 499,
    about: 'Cells and plants.',
    video_path: null,
    category_id: 1,
    language: 'hi',
  },
  language: 'hi',
  school: false,
  terms: [
    {
      id: 1,
      name: 'Cells',
      chapters: [
        { id: 11, name: 'The cell', file_type: 'pdf', has_quiz: true },
        { id: 12, name: 'Intro video', file_type: 'youtube', has_quiz: false },
      ],
    },
    {
      id: 2,
      name: 'Plants',
      chapters: [
        { id: 21, name: 'Leaves', file_type: 'video', has_quiz: true },
        { id: 22, name: 'Reading', file_type: 'link', has_quiz: false },
      ],
    },
  ],
  counts: { terms: 2, chapters: 4, quizzes: 2 },
  certificate: true,
  pass_mark_percent: 40,
  ...overrides,
});

async function openCourse(
  data: CourseCurriculum | null,
  props: Omit<Parameters<typeof CoursePage>[0], 'courseId'> = {},
) {
  mockApi({ 'GET /course/5/curriculum': data ? ok(data) : fail(404, 'No such course.') });
  await signIn();
  return renderWithProviders(<CoursePage courseId={5} {...props} />, { path: '/courses/:id', url: '/courses/5' });
}

describe('CoursePage', () => {
  it('shows the course, its language, prices, counts, the certificate rule and the curriculum term by term', async () => {
    await openCourse(curriculum());
    expect(await screen.findByRole('heading', { level: 1, name: 'Biology Basics' })).toBeInTheDocument();
    expect(screen.getByText('Hindi')).toBeInTheDocument();
    expect(screen.getByText('₹999.00').closest('del')).not.toBeNull();
    expect(screen.getByText('₹499.00')).toBeInTheDocument();
    expect(screen.getByText('Cells and plants.')).toBeInTheDocument();
    expect(screen.getByText('2 terms · 4 chapters · 2 quizzes')).toBeInTheDocument();
    expect(screen.getByText(/pass every chapter quiz with at least 40%/)).toBeInTheDocument();

    const cells = within(screen.getByRole('region', { name: 'Cells' }));
    const rows = cells.getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['PDFThe cellQuiz', 'YouTubeIntro video']);
    const plants = within(screen.getByRole('region', { name: 'Plants' }));
    expect(plants.getAllByRole('listitem').map((row) => row.textContent)).toEqual(['VideoLeavesQuiz', 'LinkReading']);
  });

  it("offers 'Buy Now' to the checkout when the learner does not own it", async () => {
    await openCourse(curriculum(), { ownedCourseIds: new Set([9]) });
    expect(await screen.findByRole('link', { name: 'Buy Now' })).toHaveAttribute('href', '/checkout/5');
    expect(screen.queryByRole('link', { name: 'Open' })).not.toBeInTheDocument();
  });

  it("offers 'Open' to learn-more when the learner owns it", async () => {
    await openCourse(curriculum(), { ownedCourseIds: new Set([5]) });
    expect(await screen.findByRole('link', { name: 'Open' })).toHaveAttribute('href', '/learn-more/5');
    expect(screen.queryByRole('link', { name: 'Buy Now' })).not.toBeInTheDocument();
    expect(screen.getByText('In My Courses')).toBeInTheDocument();
  });

  it('says a course without quizzes gives no certificate', async () => {
    await openCourse(
      curriculum({
        counts: { terms: 1, chapters: 1, quizzes: 0 },
        certificate: false,
        terms: [{ id: 1, name: 'Only', chapters: [{ id: 1, name: 'One', file_type: 'pdf', has_quiz: false }] }],
      }),
    );
    expect(await screen.findByText('This course has no quizzes, so it gives no certificate.')).toBeInTheDocument();
    expect(screen.getByText('1 term · 1 chapter · 0 quizzes')).toBeInTheDocument();
    expect(screen.queryByText('Quiz')).not.toBeInTheDocument();
  });

  it("offers a school subject through its batch, never 'Buy Now'", async () => {
    await openCourse(curriculum({ school: true }), {
      ownedCourseIds: new Set(),
      schoolBatch: {
        id: 4,
        name: 'CBSE 10',
        syllabus: { id: 1, name: 'CBSE' },
        standard: { id: 10, name: 'Standard 10' },
        fee: 499,
        is_mine: true,
        is_paid: false,
        is_open: false,
        subjects: [{ id: 5, name: 'Biology Basics' }],
      },
    });
    expect(await screen.findByRole('link', { name: 'Pay batch fee' })).toHaveAttribute('href', '/checkout/batch');
    expect(screen.queryByRole('link', { name: 'Buy Now' })).not.toBeInTheDocument();
  });

  it('says an unknown course does not exist, with a way back', async () => {
    await openCourse(null);
    expect(await screen.findByText('This course does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Courses' })).toHaveAttribute('href', '/courses');
  });

  it('speaks Hindi: counts with plurals, the certificate rule, chapter kinds and the price', async () => {
    await applyLanguage('hi');
    await openCourse(curriculum());
    const texts = hi.catalogue.course;
    expect(await screen.findByRole('heading', { level: 1, name: 'Biology Basics' })).toBeInTheDocument();
    expect(screen.getByText(hi.catalogue.languageNames.hi)).toBeInTheDocument();
    expect(
      screen.getByText(
        [
          texts.terms_other.replace('{{count}}', '2'),
          texts.chapters_other.replace('{{count}}', '4'),
          texts.quizzes_other.replace('{{count}}', '2'),
        ].join(' · '),
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(texts.certificate.replace('{{passMark}}', '40'))).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: texts.curriculum })).toBeInTheDocument();
    const plants = within(screen.getByRole('region', { name: 'Plants' }));
    expect(plants.getByText(texts.fileTypes.video)).toBeInTheDocument();
    expect(plants.getByText(texts.chapters_other.replace('{{count}}', '2'))).toBeInTheDocument();
    expect(screen.getByText('₹499.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: hi.catalogue.offer.buyNow })).toBeInTheDocument();
  });
});
