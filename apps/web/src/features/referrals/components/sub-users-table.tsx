import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import { InlineLoading } from '@/components/ui/loading-overlay';
import { useTranslation } from 'react-i18next';
import type { SubUser } from '@app/contracts';
import { useSubUsers } from '../api/get-sub-users';
import { Pager } from '@/components/ui/pager';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { LoadError } from '@/components/ui/load-error';
import { useFormat } from '@/lib/format';
import { useIneligibleReason } from './ineligible-reason';
import { SubUserStatusBadge } from './recent-sub-users';

/** The tables' texts are keys of the 'referrals' namespace; each title is `users.<status>.title`. */
interface TableCopy {
  /** Shown under the title, when the table has rows. */
  intro?: 'users.ineligible.intro';
  /** Shown instead of the table when it has no rows; without it, an empty table is not shown. */
  empty?: 'users.pending.empty' | 'users.active.empty';
  showJoined: boolean;
  /** The second column: the spec's Pending table has Email, its Active table User Id (the referral code). */
  idColumn: 'email' | 'referral_code';
}

const copy: Record<SubUser['status'], TableCopy> = {
  pending: {
    empty: 'users.pending.empty',
    showJoined: true,
    idColumn: 'email',
  },
  active: {
    empty: 'users.active.empty',
    showJoined: false,
    idColumn: 'referral_code',
  },
  ineligible: {
    intro: 'users.ineligible.intro',
    // The reason sits under the name: without a fourth column the table fits a phone's width.
    showJoined: false,
    idColumn: 'referral_code',
  },
};

/** An email that may wrap before its '@' on a phone, never inside a word. */
function EmailCell({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return at > 0 ? (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  ) : (
    <>{email}</>
  );
}

/** One of the Users page's tables: the learner's direct sub-users with one status, paginated. */
export function SubUsersTable({ status }: { status: SubUser['status'] }) {
  const [page, setPage] = useState(1);
  const users = useSubUsers(status, page);
  const { t } = useTranslation('referrals');
  const { date, number } = useFormat();
  const reasonText = useIneligibleReason();
  const { intro, empty, showJoined, idColumn } = copy[status];
  const title = t(`users.${status}.title`);
  const headingId = `sub-users-${status}`;
  // A table without an empty text (Not eligible) shows only once it has someone in it.
  if (empty === undefined && (users.isPending || users.data?.total === 0)) return null;

  return (
    <Card as="section" className="border-0 shadow-sm mb-4" aria-labelledby={headingId}>
      <Card.Body className="p-3 p-sm-4">
        <div className="d-flex justify-content-between align-items-baseline gap-2 mb-3">
          <h2 className="h5 mb-0" id={headingId}>
            {title}
          </h2>
          {users.data && (
            <span className="small text-body-secondary text-nowrap">
              {t('users.total', { total: number(users.data.total) })}
            </span>
          )}
        </div>
        {intro && users.data && <p className="small text-body-secondary">{t(intro)}</p>}
        {users.isPending ? (
          <InlineLoading label={t('users.loading')} />
        ) : users.isError ? (
          <LoadError error={users.error} onRetry={() => users.refetch()} isRetrying={users.isFetching} />
        ) : users.data.total === 0 ? (
          <p className="text-body-secondary mb-0">{empty && t(empty)}</p>
        ) : (
          <>
            <ResponsiveTable
              regionLabel={t('users.region')}
              hover
              className="align-middle mb-3"
              aria-labelledby={headingId}
              aria-busy={users.isFetching}
            >
              <thead>
                <tr>
                  <th scope="col">{t('users.columns.name')}</th>
                  <th scope="col">{idColumn === 'email' ? t('users.columns.email') : t('users.columns.userId')}</th>
                  <th scope="col">{t('users.columns.status')}</th>
                  {showJoined && <th scope="col">{t('users.columns.joined')}</th>}
                </tr>
              </thead>
              <tbody>
                {users.data.data.map((user) => (
                  <tr key={user.id}>
                    <td>
                      {user.name}
                      {user.reason && <div className="small text-body-secondary">{reasonText(user.reason)}</div>}
                    </td>
                    {idColumn === 'email' ? (
                      <td>
                        <EmailCell email={user.email} />
                      </td>
                    ) : (
                      <td className="font-monospace">{user.referral_code}</td>
                    )}
                    <td>
                      <SubUserStatusBadge status={user.status} />
                    </td>
                    {showJoined && <td className="text-nowrap">{date(user.joined)}</td>}
                  </tr>
                ))}
              </tbody>
            </ResponsiveTable>
            <Pager
              current={users.data.current_page}
              last={users.data.last_page}
              onPage={setPage}
              label={t('users.pages', { title })}
            />
          </>
        )}
      </Card.Body>
    </Card>
  );
}
