import { JobsPage } from '@/features/admin/jobs/components/jobs-page';

export default function AdminJobsRoute() {
  return <JobsPage />;
}
