import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import type { SubUser } from '@app/contracts';
import { useSubUsers } from '../api/get-sub-users';
import { Pager } from '@/components/ui/pager';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { LoadError } from '@/components/ui/load-error';

const joinedFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

interface TableCopy {
  title: string;
  /** Shown under the title, when the table has rows. */
  intro?: string;
  /** Shown instead of the table when it has no rows; without it, an empty table is not shown. */
  empty?: string;
  showJoined: boolean;
  /** The second column: the spec's Pending table has Email, its Active table User Id (the referral code). */
  idColumn: 'email' | 'referral_code';
}

const copy: Record<SubUser['status'], TableCopy> = {
  pending: {
    title: 'Pending Users',
    empty: 'Nobody is waiting: everyone who registered through your link has bought a course.',
    showJoined: true,
    idColumn: 'email',
  },
  active: {
    title: 'Active Users',
    empty: 'No active users yet. A sub-user becomes active with their first course purchase.',
    showJoined: false,
    idColumn: 'referral_code',
  },
  ineligible: {
    title: 'Not eligible',
    intro: 'These people registered with your link, but they earn you no commission and do not count for your level.',
    // The reason sits under the name: without a fourth column the table fits a phone's width.
    showJoined: false,
    idColumn: 'referral_code',
  },
};

function StatusBadge({ status }: { status: SubUser['status'] }) {
  if (status === 'ineligible') {
    return <Badge bg="secondary-subtle" text="secondary-emphasis" className="border border-secondary-subtle">Not eligible</Badge>;
  }
  return status === 'active'
    ? <Badge bg="success-subtle" text="success-emphasis" className="border border-success-subtle">Active</Badge>
    : <Badge bg="warning-subtle" text="warning-emphasis" className="border border-warning-subtle">Pending</Badge>;
}

/** An email that may wrap before its '@' on a phone, never inside a word. */
function EmailCell({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return at > 0 ? <>{email.slice(0, at)}<wbr />{email.slice(at)}</> : <>{email}</>;
}

/** One of the Users page's tables: the learner's direct sub-users with one status, paginated. */
export function SubUsersTable({ status }: { status: SubUser['status'] }) {
  const [page, setPage] = useState(1);
  const users = useSubUsers(status, page);
  const { title, intro, empty, showJoined, idColumn } = copy[status];
  const headingId = `sub-users-${status}`;
  // A table without an empty text (Not eligible) shows only once it has someone in it.
  if (empty === undefined && (users.isPending || users.data?.total === 0)) return null;

  return (
    <Card as="section" className="border-0 shadow-sm mb-4" aria-labelledby={headingId}>
      <Card.Body className="p-3 p-sm-4">
        <div className="d-flex justify-content-between align-items-baseline gap-2 mb-3">
          <h2 className="h5 mb-0" id={headingId}>{title}</h2>
          {users.data && <span className="small text-body-secondary">{users.data.total} in all</span>}
        </div>
        {intro && users.data && <p className="small text-body-secondary">{intro}</p>}
        {users.isPending ? (
          <Spinner animation="border" size="sm" role="status"><span className="visually-hidden">Loading…</span></Spinner>
        ) : users.isError ? (
          <LoadError error={users.error} onRetry={() => users.refetch()} isRetrying={users.isFetching} />
        ) : users.data.total === 0 ? (
          <p className="text-body-secondary mb-0">{empty}</p>
        ) : (
          <>
            <ResponsiveTable regionLabel="Sub-users" hover className="align-middle mb-3" aria-labelledby={headingId} aria-busy={users.isFetching}>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">{idColumn === 'email' ? 'Email' : 'User Id'}</th>
                  <th scope="col">Status</th>
                  {showJoined && <th scope="col">Joined</th>}
                </tr>
              </thead>
              <tbody>
                {users.data.data.map((user) => (
                  <tr key={user.id}>
                    <td>
                      {user.name}
                      {user.reason && <div className="small text-body-secondary">{user.reason}</div>}
                    </td>
                    {idColumn === 'email'
                      ? <td><EmailCell email={user.email} /></td>
                      : <td className="font-monospace">{user.referral_code}</td>}
                    <td><StatusBadge status={user.status} /></td>
                    {showJoined && <td className="text-nowrap">{joinedFormat.format(new Date(user.joined))}</td>}
                  </tr>
                ))}
              </tbody>
            </ResponsiveTable>
            <Pager current={users.data.current_page} last={users.data.last_page} onPage={setPage} label={`${title} pages`} />
          </>
        )}
      </Card.Body>
    </Card>
  );
}
