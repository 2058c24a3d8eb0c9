import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { FailedJob } from '@app/contracts';
import { PageHeader } from '@/components/ui/page-header';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { AsyncContent, EmptyRow } from '../../components/async-content';
import { formatDateTime } from '../../utils/format';
import { useJobs } from '../api/get-jobs';

/** A failed job's data summary as `key: value` pairs (the API never sends mail bodies, codes or secrets). */
function summaryOf(data: FailedJob['data']): string {
  const pairs = Object.entries(data).filter(([, value]) => value !== null);
  return pairs.length ? pairs.map(([key, value]) => `${key}: ${String(value)}`).join(', ') : '—';
}

/** The background job queues: how many jobs wait, run, wait to retry or failed, and the latest failures. */
export function JobsPage() {
  const jobs = useJobs();
  return (
    <>
      <PageHeader title="Background jobs">
        <Button size="sm" variant="outline-secondary" onClick={() => void jobs.refetch()} disabled={jobs.isFetching}>
          Refresh
        </Button>
      </PageHeader>
      <AsyncContent query={jobs}>
        <ResponsiveTable regionLabel="Queues" className="admin-table mb-4">
          <thead>
            <tr>
              <th scope="col">Queue</th>
              <th scope="col" className="text-end">
                Waiting
              </th>
              <th scope="col" className="text-end">
                Running
              </th>
              <th scope="col" className="text-end">
                Waiting to retry
              </th>
              <th scope="col" className="text-end">
                Failed
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.data?.queues.length === 0 && <EmptyRow colSpan={5}>No queues yet.</EmptyRow>}
            {jobs.data?.queues.map((queue) => (
              <tr key={queue.name}>
                <td className="font-monospace">{queue.name}</td>
                <td className="text-end">{queue.created}</td>
                <td className="text-end">{queue.active}</td>
                <td className="text-end">{queue.retry}</td>
                <td className="text-end">{queue.failed > 0 ? <Badge bg="danger">{queue.failed}</Badge> : 0}</td>
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
        <h2 className="h5">Latest failures</h2>
        <ResponsiveTable regionLabel="Latest failures" className="admin-table">
          <thead>
            <tr>
              <th scope="col">Failed at</th>
              <th scope="col">Queue</th>
              <th scope="col">Job</th>
              <th scope="col">Error</th>
              <th scope="col" className="text-end">
                Attempts
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.data?.failed.length === 0 && <EmptyRow colSpan={5}>No failed jobs.</EmptyRow>}
            {jobs.data?.failed.map((job) => (
              <tr key={job.id}>
                <td className="small text-nowrap">{formatDateTime(job.failed_at)}</td>
                <td className="small font-monospace">{job.name}</td>
                <td className="small">{summaryOf(job.data)}</td>
                <td className="small text-danger">{job.error}</td>
                <td className="small text-end">{job.attempts}</td>
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
      </AsyncContent>
    </>
  );
}
