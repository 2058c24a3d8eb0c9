import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { checkoutMessages, type BatchData, type CourseItem, type LearnCourseItem } from '@app/contracts';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders, signIn } from '@/testing/test-utils';
import CheckoutRoute from './checkout';
import BatchCheckoutRoute from './checkout-batch';

// Patchy 4G: a free enrolment (POST /checkout at ₹0) or a batch fee a code took whole (POST /first-payment) went
// through, but its answer was lost: 'Could not reach the server…', and 'Pay Now' stays. The learner taps it again and
// was told, in red, that they already have it, with 'Pay Now' still there (decision 061).

const unreachable = 'Could not reach the server. Check your connection and try again.';

const freeCourse: CourseItem = {
  id: 7,
  name: 'Foundations of Mathematics',
  photo_path: null,
  price: 0,
  offer_price: 0,
  about: 'Fractions and more.',
  video_path: null,
  category_id: 1,
  language: 'en',
};
const owned: LearnCourseItem = { ...freeCourse, certificate_id: null, certificate_url: null, progress_percent: 0 };

const batch = (overrides: Partial<BatchData> = {}): BatchData => ({
  id: 4,
  name: 'CBSE Standard 10',
  syllabus: { id: 1, name: 'CBSE' },
  standard: { id: 10, name: 'Standard 10' },
  fee: 499,
  is_mine: true,
  is_paid: false,
  is_open: false,
  subjects: [{ id: 21, name: 'CBSE Class 10 Mathematics' }],
  ...overrides,
});

/** A POST that does its work and loses the answer the first time, then answers `refusal`. */
function losingFirstAnswer(onDone: () => void, refusal: string) {
  let requests = 0;
  return () => {
    if (++requests === 1) {
      onDone();
      throw new TypeError('Failed to fetch');
    }
    return fail(400, refusal);
  };
}

describe('a purchase sent again after its answer was lost', () => {
  it("offers 'Open' for a free course enrolled by the first try, with no error", async () => {
    let isEnrolled = false;
    const server = mockApi({
      'GET /course/7': ok(freeCourse),
      'GET /learn': () => ok({ course: isEnrolled ? [owned] : [], school: [] }),
      'POST /checkout': losingFirstAnswer(() => (isEnrolled = true), checkoutMessages.courseAlreadyBought),
    });
    await signIn();
    const { user } = renderWithProviders(<CheckoutRoute />, { path: '/checkout/:course', url: '/checkout/7' });
    await user.click(await screen.findByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText(unreachable)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByRole('link', { name: 'Open' })).toHaveAttribute('href', '/learn-more/7');
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(screen.queryByText(checkoutMessages.courseAlreadyBought)).not.toBeInTheDocument();
    expect(server.callsTo('POST', '/checkout')).toHaveLength(2);
  });

  it('says the batch fee is paid once the first try paid it, with no error', async () => {
    let isPaid = false;
    const server = mockApi({
      'GET /batch': () => ok(batch(isPaid ? { is_paid: true, is_open: true } : {})),
      'POST /first-payment': losingFirstAnswer(() => (isPaid = true), checkoutMessages.batchAlreadyPaid),
    });
    await signIn();
    const { user } = renderWithProviders(<BatchCheckoutRoute />, { path: '/checkout/batch' });
    await user.click(await screen.findByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText(unreachable)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByRole('link', { name: 'Go to My Courses' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(screen.queryByText(checkoutMessages.batchAlreadyPaid)).not.toBeInTheDocument();
    expect(server.callsTo('POST', '/first-payment')).toHaveLength(2);
  });
});
