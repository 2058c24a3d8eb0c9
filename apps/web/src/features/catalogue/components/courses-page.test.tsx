import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BatchData, CourseItem } from '@app/contracts';
import { hi } from '@app/contracts/i18n/hi';
import { ml } from '@app/contracts/i18n/ml';
import { applyLanguage } from '@/lib/i18n';
import { deferred, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders, signIn } from '@/testing/test-utils';
import { CoursesPage } from './courses-page';

const course = (overrides: Partial<CourseItem>): CourseItem => ({
  id: 1,
  name: 'Course',
  photo_path: '/media/seed/courses/a.png',
  price: 999,
  offer_price: 499,
  about: 'About it.',
  video_path: null,
  category_id: 1,
  language: 'en',
  ...overrides,
});
const physics = course({
  id: 2,
  name: 'Physics: Motion and Energy',
  price: 1499,
  offer_price: 1199,
  video_path: '/media/seed/videos/intro.mp4',
  category_id: 2,
});
const life = course({
  id: 3,
  name: 'Life Science Essentials',
  price: 799,
  offer_price: 799,
  photo_path: null,
  category_id: 2,
});
const maths = course({
  id: 1,
  name: 'Foundations of Mathematics',
  price: 123456.5,
  offer_price: 99999,
  category_id: 1,
});
const kerala = course({ id: 9, name: 'Kerala 10 English', price: 0, offer_price: 0, category_id: null });
const categories = [
  { id: 1, name: 'Mathematics' },
  { id: 2, name: 'Science' },
];

const cbse10 = (overrides: Partial<BatchData> = {}): BatchData => ({
  id: 4,
  name: 'CBSE Standard 10',
  syllabus: { id: 1, name: 'CBSE' },
  standard: { id: 10, name: 'Standard 10' },
  fee: 499,
  is_mine: true,
  is_paid: false,
  is_open: false,
  subjects: [{ id: 9, name: kerala.name }],
  ...overrides,
});

async function openCourses(school: CourseItem[] = [], page: Parameters<typeof CoursesPage>[0] = {}) {
  const server = mockApi({
    'GET /category': ok(categories),
    'GET /course': ok({ course: [maths, physics, life], school }),
    'POST /course': (call) =>
      ok((call.body as { category: number }).category === 2 ? [physics, life] : [maths, physics, life]),
  });
  await signIn();
  const view = renderWithProviders(<CoursesPage {...page} />, { path: '/courses' });
  await screen.findByRole('heading', { name: physics.name });
  return { ...view, server };
}

const card = (name: string) => screen.getByRole('article', { name });

describe('CoursesPage', () => {
  it('shows the filters and the courses once the categories are known, so the categories push nothing down', async () => {
    const categoriesReply = deferred();
    const server = mockApi({
      'GET /category': categoriesReply.handler,
      'GET /course': ok({ course: [maths, physics, life], school: [] }),
    });
    await signIn();
    renderWithProviders(<CoursesPage />, { path: '/courses' });
    await waitFor(() => expect(server.callsTo('GET', '/course')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The courses have answered; the categories, which a phone shows above the language filter, have not.
    expect(screen.queryByRole('combobox', { name: 'Filter by language' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: physics.name })).not.toBeInTheDocument();

    categoriesReply.release(ok(categories));
    expect(await screen.findByRole('heading', { name: physics.name })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Filter by language' })).toBeInTheDocument();
  });

  it('strikes the price through only when it differs from the offer price, in INR', async () => {
    await openCourses();
    const physicsCard = within(card(physics.name));
    expect(physicsCard.getByText('₹1,499.00').closest('del')).not.toBeNull();
    expect(physicsCard.getByText('₹1,199.00').closest('del')).toBeNull();

    const lifeCard = card(life.name);
    expect(lifeCard.querySelector('del')).toBeNull();
    expect(within(lifeCard).getByText('₹799.00')).toBeInTheDocument();

    // en-IN grouping: lakhs.
    expect(within(card(maths.name)).getByText('₹1,23,456.50').closest('del')).not.toBeNull();
    expect(within(card(maths.name)).getByText('₹99,999.00')).toBeInTheDocument();
  });

  it('shows the fallback image when a course has none', async () => {
    await openCourses();
    expect(card(life.name).querySelector('img')).toHaveAttribute('src', '/images/course-placeholder.svg');
    expect(card(physics.name).querySelector('img')).toHaveAttribute('src', '/media/seed/courses/a.png');
  });

  it("links 'Buy Now' to the course's checkout", async () => {
    await openCourses();
    expect(within(card(physics.name)).getByRole('link', { name: `Buy Now: ${physics.name}` })).toHaveAttribute(
      'href',
      '/checkout/2',
    );
  });

  it('filters by category through POST /course, and back with All Syllabus', async () => {
    const { user, server } = await openCourses();
    expect(screen.getByRole('button', { name: 'All Syllabus' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Science' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: maths.name })).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: physics.name })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: life.name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Science' })).toHaveAttribute('aria-pressed', 'true');
    expect(server.callsTo('POST', '/course')[0]?.body).toEqual({ category: 2 });
    await user.click(screen.getByRole('button', { name: 'All Syllabus' }));
    expect(await screen.findByRole('heading', { name: maths.name })).toBeInTheDocument();
  });

  it("'More Details' shows the course with 'Play Demo' when it has a demo video, which plays in a player", async () => {
    const { user } = await openCourses();
    await user.click(screen.getByRole('button', { name: `More Details: ${physics.name}` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: physics.name })).toBeInTheDocument();
    expect(within(dialog).getByText('About it.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Buy Now' })).toHaveAttribute('href', '/checkout/2');
    await user.click(within(dialog).getByRole('button', { name: 'Play Demo' }));
    const player = await screen.findByRole('dialog', { name: `Demo: ${physics.name}` });
    const video = player.querySelector('video');
    expect(video).toHaveAttribute('src', '/media/seed/videos/intro.mp4');
    expect(video).toHaveAttribute('controls');
  });

  it("has no 'Play Demo' without a demo video", async () => {
    const { user } = await openCourses();
    await user.click(screen.getByRole('button', { name: `More Details: ${life.name}` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Play Demo' })).not.toBeInTheDocument();
  });

  it('shows the school subject section only when the batch has subjects', async () => {
    await openCourses([kerala]);
    expect(screen.getByRole('heading', { name: 'School Subjects' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: kerala.name })).toBeInTheDocument();
  });

  it('has no school subject section without subjects', async () => {
    await openCourses();
    expect(screen.queryByRole('heading', { name: 'School Subjects' })).not.toBeInTheDocument();
  });

  describe('school subjects, which open through their batch and are never sold one by one', () => {
    it('offer the unpaid batch fee instead of Buy Now, on the card and in More Details, below the notice', async () => {
      const { user } = await openCourses([kerala], { schoolBatch: cbse10(), schoolNotice: <p>Batch fee notice</p> });
      const section = within(screen.getByRole('region', { name: 'School Subjects' }));
      expect(section.getByText('Batch fee notice')).toBeInTheDocument();
      const subject = within(card(kerala.name));
      expect(subject.queryByRole('link', { name: /Buy Now/ })).not.toBeInTheDocument();
      expect(subject.getByRole('link', { name: `Pay batch fee: ${kerala.name}` })).toHaveAttribute(
        'href',
        '/checkout/batch',
      );
      expect(subject.getByText('Included in your batch fee of ₹499.00')).toBeInTheDocument();
      // The subject's own price (₹0.00) is not what the learner pays: it is not shown.
      expect(subject.queryByText('₹0.00')).not.toBeInTheDocument();

      await user.click(subject.getByRole('button', { name: `More Details: ${kerala.name}` }));
      const dialog = within(await screen.findByRole('dialog'));
      expect(dialog.queryByRole('link', { name: 'Buy Now' })).not.toBeInTheDocument();
      expect(dialog.getByRole('link', { name: 'Pay batch fee' })).toHaveAttribute('href', '/checkout/batch');
    });

    it("show 'Open' to the course once the fee is paid, or when the batch has none", async () => {
      const paid = await openCourses([kerala], { schoolBatch: cbse10({ is_paid: true, is_open: true }) });
      expect(within(card(kerala.name)).getByRole('link', { name: `Open: ${kerala.name}` })).toHaveAttribute(
        'href',
        '/learn-more/9',
      );
      expect(within(card(kerala.name)).getByText('Included in your batch')).toBeInTheDocument();
      expect(within(card(kerala.name)).queryByRole('link', { name: /Pay batch fee|Buy Now/ })).not.toBeInTheDocument();
      paid.unmount();

      await openCourses([kerala], { schoolBatch: cbse10({ fee: 0, is_open: true }) });
      expect(within(card(kerala.name)).getByRole('link', { name: `Open: ${kerala.name}` })).toBeInTheDocument();
    });

    it('offer nothing to buy while the batch is unknown, and keep Buy Now on the catalogue', async () => {
      await openCourses([kerala]);
      expect(
        within(card(kerala.name)).queryByRole('link', { name: /Buy Now|Pay batch fee|Open/ }),
      ).not.toBeInTheDocument();
      expect(
        within(card(kerala.name)).getByRole('button', { name: `More Details: ${kerala.name}` }),
      ).toBeInTheDocument();
      expect(within(card(physics.name)).getByRole('link', { name: `Buy Now: ${physics.name}` })).toBeInTheDocument();
    });
  });

  describe('courses the learner owns', () => {
    it("show 'Open' to learn-more instead of 'Buy Now', on the card and in More Details", async () => {
      const { user } = await openCourses([], { ownedCourseIds: new Set([physics.id]) });
      const owned = within(card(physics.name));
      expect(owned.getByRole('link', { name: `Open: ${physics.name}` })).toHaveAttribute('href', '/learn-more/2');
      expect(owned.queryByRole('link', { name: /Buy Now/ })).not.toBeInTheDocument();
      expect(owned.getByText('In My Courses')).toBeInTheDocument();
      expect(within(card(maths.name)).getByRole('link', { name: `Buy Now: ${maths.name}` })).toHaveAttribute(
        'href',
        '/checkout/1',
      );

      await user.click(owned.getByRole('button', { name: `More Details: ${physics.name}` }));
      const dialog = within(await screen.findByRole('dialog'));
      expect(dialog.getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/learn-more/2');
      expect(dialog.queryByRole('link', { name: 'Buy Now' })).not.toBeInTheDocument();
    });
  });

  it('links each card and More Details to the course page, and shows the language', async () => {
    const { user } = await openCourses();
    expect(within(card(physics.name)).getByRole('link', { name: physics.name })).toHaveAttribute('href', '/courses/2');
    expect(within(card(physics.name)).getByText('English')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `More Details: ${physics.name}` }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('link', { name: 'See the curriculum' })).toHaveAttribute('href', '/courses/2');
  });

  describe('the language filter (issue 16), kept in the address', () => {
    const hindiScience = course({
      id: 7,
      name: 'विज्ञान की नींव',
      language: 'hi',
      category_id: 2,
      price: 1499,
      offer_price: 1199,
    });
    const hindiMaths = course({ id: 8, name: 'गणित अभ्यास', language: 'hi', category_id: 1 });

    async function openFiltered(url = '/courses') {
      const server = mockApi({
        'GET /category': ok(categories),
        'GET /course': (call) =>
          ok(
            new URLSearchParams(call.search).get('language') === 'hi'
              ? { course: [hindiScience, hindiMaths], school: [] }
              : { course: [maths, physics, life], school: [] },
          ),
        'POST /course': (call) => {
          const body = call.body as { category: number; language?: string };
          return ok(body.language === 'hi' ? [hindiScience] : [physics, life]);
        },
      });
      await signIn();
      const view = renderWithProviders(<CoursesPage />, { path: '/courses', url });
      return { ...view, server };
    }
    const languageSelect = () => screen.getByRole('combobox', { name: 'Filter by language' });

    it('defaults to all languages, asks GET /course?language=hi for Hindi, shows those courses and keeps ?language=hi', async () => {
      const { user, server, router } = await openFiltered();
      await screen.findByRole('heading', { name: physics.name });
      expect(languageSelect()).toHaveValue('all');
      expect(
        within(languageSelect())
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All languages', 'English', 'हिन्दी', 'മലയാളം']);
      expect(server.callsTo('GET', '/course').map((call) => call.search)).toEqual(['']);

      await user.selectOptions(languageSelect(), 'hi');
      expect(await screen.findByRole('heading', { name: hindiScience.name })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: hindiMaths.name })).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('heading', { name: physics.name })).not.toBeInTheDocument());
      expect(server.callsTo('GET', '/course').at(-1)?.search).toBe('?language=hi');
      expect(router.state.location.search).toBe('?language=hi');
      expect(languageSelect()).toHaveValue('hi');
      // Each card says its course's language.
      expect(within(card(hindiScience.name)).getByText('Hindi')).toBeInTheDocument();

      // The category filter keeps the language: POST /course with both.
      await user.click(screen.getByRole('button', { name: 'Science' }));
      await waitFor(() => expect(screen.queryByRole('heading', { name: hindiMaths.name })).not.toBeInTheDocument());
      expect(server.callsTo('POST', '/course').at(-1)?.body).toEqual({ category: 2, language: 'hi' });

      await user.selectOptions(languageSelect(), 'all');
      expect(await screen.findByRole('heading', { name: life.name })).toBeInTheDocument();
      expect(router.state.location.search).toBe('');
      expect(server.callsTo('POST', '/course').at(-1)?.body).toEqual({ category: 2 });
    });

    it("opens on the address's language, so a reload or a shared link shows the same courses", async () => {
      const { server } = await openFiltered('/courses?language=hi');
      expect(await screen.findByRole('heading', { name: hindiScience.name })).toBeInTheDocument();
      expect(languageSelect()).toHaveValue('hi');
      expect(server.callsTo('GET', '/course').map((call) => call.search)).toEqual(['?language=hi']);
    });

    it('reads an unknown ?language= as all languages', async () => {
      const { server } = await openFiltered('/courses?language=fr');
      expect(await screen.findByRole('heading', { name: physics.name })).toBeInTheDocument();
      expect(languageSelect()).toHaveValue('all');
      expect(server.callsTo('GET', '/course').map((call) => call.search)).toEqual(['']);
    });
  });

  it('speaks Hindi: filters, card actions, language names and Indian money', async () => {
    await applyLanguage('hi');
    await openCourses();
    const texts = hi.catalogue;
    expect(screen.getByRole('heading', { level: 1, name: texts.courses.title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: texts.filters.allSyllabus })).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: texts.filters.language });
    expect(within(select).getByRole('option', { name: texts.filters.allLanguages })).toBeInTheDocument();
    const physicsCard = within(card(physics.name));
    expect(physicsCard.getByText(texts.languageNames.en)).toBeInTheDocument();
    expect(physicsCard.getByRole('button', { name: `${texts.card.moreDetails}: ${physics.name}` })).toBeInTheDocument();
    expect(physicsCard.getByRole('link', { name: `${texts.offer.buyNow}: ${physics.name}` })).toHaveAttribute(
      'href',
      '/checkout/2',
    );
    expect(physicsCard.getByText('₹1,199.00')).toBeInTheDocument();
    expect(within(card(maths.name)).getByText('₹1,23,456.50')).toBeInTheDocument();
  });

  it('speaks Malayalam on the cards', async () => {
    await applyLanguage('ml');
    await openCourses();
    expect(within(card(physics.name)).getByText(ml.catalogue.languageNames.en)).toBeInTheDocument();
    expect(
      within(card(physics.name)).getByRole('link', { name: `${ml.catalogue.offer.buyNow}: ${physics.name}` }),
    ).toBeInTheDocument();
  });
});
