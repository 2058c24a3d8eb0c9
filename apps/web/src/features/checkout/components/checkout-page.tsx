import Alert from 'react-bootstrap/Alert';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { PageHeader } from '@/components/ui/page-header';
import { useCourse } from '../api/get-course';
import { useStartCheckout } from '../api/start-checkout';
import { CheckoutForm, CheckoutLoading } from './checkout-form';

/** Checkout of a course (spec sections 2 and 4): the course, an offer code, the amounts, and the provider's form. */
export function CheckoutPage() {
  const courseId = Number(useParams().course);
  const course = useCourse(courseId);
  const startCheckout = useStartCheckout();

  if (course.isPending && course.fetchStatus !== 'idle') return <CheckoutLoading />;
  if (!course.data) {
    const isMissing = !course.error || (course.error instanceof ApiError && (course.error.status === 404 || course.error.status === 422));
    return (
      <>
        <PageHeader title="Checkout" />
        <Alert variant={isMissing ? 'warning' : 'danger'}>{isMissing ? 'This course does not exist.' : errorMessage(course.error)}</Alert>
        <Link to={paths.courses.getHref()} className="btn btn-primary">Back to Courses</Link>
      </>
    );
  }

  const item = course.data;
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
