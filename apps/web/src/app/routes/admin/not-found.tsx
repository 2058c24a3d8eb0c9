import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/ui/page-header';

/** A console URL naming nothing (e.g. /admin/courses/abc). */
export function AdminNotFound() {
  return (
    <>
      <PageHeader title="Not found" />
      <p>
        There is nothing at this address. <Link to={paths.adminCourses.getHref()}>Back to Courses</Link>
      </p>
    </>
  );
}

export default AdminNotFound;
