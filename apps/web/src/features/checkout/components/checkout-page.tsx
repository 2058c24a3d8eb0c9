import type { ComponentType, ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { PageHeader } from '@/components/ui/page-header';
import { LoadError } from '@/components/ui/load-error';
import { useCourse } from '../api/get-course';
import { useStartCheckout } from '../api/start-checkout';
import { CheckoutForm, CheckoutLoading } from './checkout-form';

interface CheckoutPageProps {
  isOwned?: boolean;
  /**
   * Wraps the payment form: app/ passes consent's ConsentNeeded, which offers the next step instead while the
   * learner's consent is missing (issue 16); `skip` shows the form as it is.
   */
  ConsentGate: ComponentType<{ children: ReactNode; skip?: boolean }>;
}

/**
 * Checkout of a course (docs/product/catalogue-and-checkout.md#checkout): the course, an offer code, the amounts, and the provider's form.
 * `isOwned` (from GET /learn): the learner has it already, so the page offers 'Open' instead of a second payment.
 */
export function CheckoutPage({ isOwned = false, ConsentGate }: CheckoutPageProps) {
  const { t } = useTranslation('checkout');
  const courseId = Number(useParams().course);
  const course = useCourse(courseId);
  const startCheckout = useStartCheckout();

  if (course.isPending && course.fetchStatus !== 'idle') return <CheckoutLoading />;
  if (!course.data) {
    const isMissing =
      !course.error ||
      (course.error instanceof ApiError && (course.error.status === 404 || course.error.status === 422));
    return (
      <>
        <PageHeader title={t('title')} />
        {isMissing ? (
          <Alert variant="warning">{t('course.missing')}</Alert>
        ) : (
          <LoadError error={course.error} onRetry={() => course.refetch()} isRetrying={course.isFetching} />
        )}
        <Link to={paths.courses.getHref()} className="btn btn-primary">
          {t('course.backToCourses')}
        </Link>
      </>
    );
  }

  const item = course.data;
  if (isOwned) {
    return (
      <>
        <PageHeader title={t('title')} />
        <Alert variant="success">{t('course.owned', { name: item.name })}</Alert>
        <Link to={paths.learnMore.getHref(item.id)} className="btn btn-success">
          {t('course.open')}
        </Link>
      </>
    );
  }
  return (
    <>
      <PageHeader title={t('title')} />
      {/* A free course is free content: open to a learner under 18 without consent (issue 16). */}
      <ConsentGate skip={item.offer_price === 0}>
        <CheckoutForm
          name={item.name}
          photoPath={item.photo_path}
          offerPrice={item.offer_price}
          target="course"
          itemKey={`course:${item.id}`}
          start={async (offerCode) =>
            (await startCheckout.mutateAsync({ course_id: item.id, offer_code: offerCode })).data
          }
        />
      </ConsentGate>
    </>
  );
}
