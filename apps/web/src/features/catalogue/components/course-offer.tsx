import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BatchData, CourseItem } from '@app/contracts';
import { paths } from '@/config/paths';
import { useFormat } from '@/lib/format';
import { CoursePrice } from './course-price';

/**
 * How a card offers its course. Catalogue courses are bought one by one ('Buy Now'). A school
 * batch's subjects never are (docs/product/onboarding.md#school-batches): while the batch fee is unpaid they
 * offer the fee, once it is paid (or the batch has none) they 'Open'.
 * 'owned': the learner already has the course (GET /learn), so it 'Open's instead of selling it
 * again (docs/product/catalogue-and-checkout.md#owned-courses). 'unknown': the batch could not be read, so nothing is offered.
 */
export type CourseOffer =
  { kind: 'buy' } | { kind: 'owned' } | { kind: 'batch-fee'; fee: number } | { kind: 'open' } | { kind: 'unknown' };

/** How a course is offered to a learner who owns the courses `ownedIds` (undefined while they load). */
export function courseOffer(
  course: CourseItem,
  ownedIds: ReadonlySet<number> | undefined,
  otherwise: CourseOffer = { kind: 'buy' },
): CourseOffer {
  return ownedIds?.has(course.id) ? { kind: 'owned' } : otherwise;
}

/** The offer of a school subject of `batch` (undefined while it loads, null when the learner has none). */
export function schoolSubjectOffer(batch: BatchData | null | undefined): CourseOffer {
  if (!batch) return { kind: 'unknown' };
  return batch.is_open ? { kind: 'open' } : { kind: 'batch-fee', fee: batch.fee };
}

/** The price line: the course's prices, or for a school subject what it is part of. */
export function CourseOfferPrice({
  course,
  offer,
  className = '',
}: {
  course: CourseItem;
  offer: CourseOffer;
  className?: string;
}) {
  const { t } = useTranslation('catalogue');
  const { inr } = useFormat();
  if (offer.kind === 'buy')
    return <CoursePrice price={course.price} offerPrice={course.offer_price} className={className} />;
  if (offer.kind === 'owned')
    return (
      <p className={`course-price small text-success-emphasis fw-semibold mb-0 ${className}`}>
        {t('offer.inMyCourses')}
      </p>
    );
  return (
    <p className={`course-price small text-body-secondary mb-0 ${className}`}>
      {offer.kind === 'batch-fee' ? t('offer.includedInBatchFee', { fee: inr(offer.fee) }) : t('offer.includedInBatch')}
    </p>
  );
}

/** The card's or the modal's main action for the offer; nothing when it is unknown. */
export function CourseOfferLink({
  course,
  offer,
  className = '',
  isLabelled = false,
}: {
  course: CourseItem;
  offer: CourseOffer;
  className?: string;
  /** Name the course in the accessible name (on a card among others). */
  isLabelled?: boolean;
}) {
  const { t } = useTranslation('catalogue');
  const link = (to: string, text: string, variant = 'btn-primary') => (
    <Link
      to={to}
      className={`btn ${variant} ${className}`}
      aria-label={isLabelled ? t('offer.labelled', { action: text, name: course.name }) : undefined}
    >
      {text}
    </Link>
  );
  switch (offer.kind) {
    case 'buy':
      return link(paths.checkout.getHref(course.id), t('offer.buyNow'));
    case 'batch-fee':
      return link(paths.checkoutBatch.getHref(), t('offer.payBatchFee'));
    case 'open':
    case 'owned':
      return link(paths.learnMore.getHref(course.id), t('offer.open'), 'btn-success');
    case 'unknown':
      return null;
  }
}
