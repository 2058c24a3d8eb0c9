import type { FormEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/ui/page-header';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { AsyncContent, EmptyRow } from '../../components/async-content';
import { Pager } from '../../components/pager';
import { StatusBadge } from '../../components/status-badge';
import { formatDateTime } from '../../utils/format';
import { useListParams } from '../../utils/list-params';
import { useUsers } from '../api/get-users';
import { CertificateLookup } from './certificate-lookup';

const filterKeys = ['q'] as const;

/** Find a user by name, email, mobile or referral code; look up a certificate by its id. */
export function UsersPage() {
  const { page, filters, setPage, setFilters } = useListParams(filterKeys);
  const users = useUsers({ page, q: filters.q });

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFilters({ q: String(new FormData(event.currentTarget).get('q') ?? '').trim() });
  };

  return (
    <>
      <PageHeader title="Users" />
      <Form onSubmit={onSearch} className="d-flex gap-2 mb-3" role="search" style={{ maxWidth: '36rem' }}>
        <Form.Control
          name="q"
          type="search"
          placeholder="Name, email, mobile or referral code"
          aria-label="Search users"
          defaultValue={filters.q}
        />
        <Button type="submit">Search</Button>
      </Form>
      <AsyncContent query={users}>
        <ResponsiveTable regionLabel="Users" hover className="admin-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Mobile</th>
              <th scope="col">Referral code</th>
              <th scope="col">Roles</th>
              <th scope="col">Status</th>
              <th scope="col">Joined</th>
            </tr>
          </thead>
          <tbody>
            {users.data?.data.length === 0 && <EmptyRow colSpan={7}>No users match.</EmptyRow>}
            {users.data?.data.map((user) => (
              <tr key={user.id}>
                <td>
                  <Link to={paths.adminUser.getHref(user.id)} className="fw-semibold">
                    {user.name}
                  </Link>
                </td>
                <td>{user.email}</td>
                <td>{user.mobile}</td>
                <td className="font-monospace">{user.referral_code}</td>
                <td>
                  {user.roles.map((role) => (
                    <Badge
                      key={role}
                      bg={role === 'admin' ? 'dark' : 'light'}
                      text={role === 'admin' ? undefined : 'dark'}
                      className="me-1"
                    >
                      {role}
                    </Badge>
                  ))}
                </td>
                <td className="small">
                  {user.is_verified ? 'Verified' : 'Unverified'} · {user.is_active ? 'Active' : 'Not active'}
                  {user.referral_status !== 'counted' && (
                    <div>
                      <StatusBadge status={user.referral_status} label={`Referral ${user.referral_status}`} />
                    </div>
                  )}
                </td>
                <td className="small text-nowrap">{formatDateTime(user.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
        <Pager list={users.data} onPage={setPage} label="User pages" />
      </AsyncContent>
      {/* Once the list has answered (kept through later pages and searches), so that it never pushes this down. */}
      {!users.isPending && (
        <div className="mt-5">
          <CertificateLookup />
        </div>
      )}
    </>
  );
}
