import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/ui/page-header';
import { AsyncContent } from '../../components/async-content';
import { useUser } from '../api/get-user';
import { UserDetail } from './user-detail';
import { UserErasure } from './user-erasure';
import { UserQuizzes } from './user-quizzes';

/** One user's page; the ledger (a money matter) is handed in by the route. */
export function UserPage({ userId, ledger }: { userId: number; ledger: ReactNode }) {
  const user = useUser(userId);
  return (
    <>
      <p className="mb-2 small">
        <Link to={paths.adminUsers.getHref()}>← Users</Link>
      </p>
      <AsyncContent query={user}>
        {user.data && (
          <>
            <PageHeader title={`${user.data.profile.first_name} ${user.data.profile.last_name}`} />
            <UserDetail user={user.data} />
            <UserQuizzes userId={userId} name={`${user.data.profile.first_name} ${user.data.profile.last_name}`} />
            <Card className="admin-card mt-4">
              <Card.Body>
                <h2 className="h5">Ledger</h2>
                {ledger}
              </Card.Body>
            </Card>
            <UserErasure user={user.data} />
          </>
        )}
      </AsyncContent>
    </>
  );
}
