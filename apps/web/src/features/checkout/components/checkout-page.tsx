import Alert from 'react-bootstrap/Alert';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { PageHeader } from '@/components/ui/page-header';
import { LoadError } from '@/components/ui/load-error';
import { useCourse } from '../api/get-course';
import { useStartCheckout } from '../api/start-checkout';
import { CheckoutForm, CheckoutLoading } from './checkout-form';

/**
 * Checkout of a course (spec sections 2 and 4): the course, an offer code, the amounts, and the provider's form.
 * `isOwned` (from GET /learn): the learner has it already, so the page offers 'Open' instead of a second payment.
 */
export function CheckoutPage({ isOwned = false }: { isOwned?: boolean }) {
  const courseId = Number(useParams().course);
  const course = useCourse(courseId);
  const startCheckout = useStartCheckout();

  if (course.isPending && course.fetchStatus !== 'idle') return <CheckoutLoading />;
  if (!course.data) {
    const isMissing = !course.error || (course.error instanceof ApiError && (course.error.status === 404 || course.error.status === 422));
    return (
      <>
        <PageHeader title="Checkout" />
        {isMissing ? <Alert variant="warning">This course does not exist.</Alert> : <LoadError error={course.error} onRetry={() => course.refetch()} isRetrying={course.isFetching} />}
        <Link to={paths.courses.getHref()} className="btn btn-primary">Back to Courses</Link>
      </>
    );
  }

  const item = course.data;
  if (isOwned) {
    return (
      <>
        <PageHeader title="Checkout" />
        <Alert variant="success">You already own {item.name}. It is in My Courses.</Alert>
        <Link to={paths.learnMore.getHref(item.id)} className="btn btn-success">Open</Link>
      </>
    );
  }
  return (
    <>
      <PageHeader title="Checkout" />
      <CheckoutForm
        name={item.name}
        photoPath={item.photo_path}
        offerPrice={item.offer_price}
        target="course"
        start={async (offerCode) => (await startCheckout.mutateAsync({ course_id: item.id, offer_code: offerCode })).data}
      />
    </>
  );
}
