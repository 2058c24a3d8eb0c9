import { Fragment, useState } from 'react';
import Card from 'react-bootstrap/Card';
import { InlineLoading } from '@/components/ui/loading-overlay';
import { useTranslation } from 'react-i18next';
import type { SubUser } from '@app/contracts';
import { useSubUsers } from '../api/get-sub-users';
import { Pager } from '@/components/ui/pager';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { LoadError } from '@/components/ui/load-error';
import { useFormat } from '@/lib/format';
import { useAppMessage } from '@/lib/i18n';
import { SubUserStatusBadge } from './recent-sub-users';

/** The tables' texts are keys of the 'referrals' namespace; each title is `users.<status>.title`. */
interface TableCopy {
  /** Shown under the title, when the table has rows. */
  intro?: 'users.ineligible.intro';
  /** Shown instead of the table when it has no rows; without it, an empty table is not shown. */
  empty?: 'users.pending.empty' | 'users.active.empty';
  /** The date the sub-user joined, under the name (as in the dashboard's recent list). */
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
    showJoined: false,
    idColumn: 'referral_code',
  },
};

/** A cell's side padding: halved on a phone, so that three columns fit 360 px in every language. */
const CELL = 'px-1 px-sm-2';

/**
 * An email that may wrap on a phone before its '@' and before each dot of its domain
 * (`ra****` · `@example` · `.com`), never inside a word.
 */
function EmailCell({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  const [host, ...rest] = email.slice(at).split('.');
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {host}
      {rest.map((part, index) => (
        <Fragment key={index}>
          <wbr />.{part}
        </Fragment>
      ))}
    </>
  );
}

/**
 * One of the Users page's tables: the learner's direct sub-users with one status, paginated. Three
 * columns, so that a table fits a phone's width: what else a row says (when the sub-user joined, why
 * they are not eligible) sits under the name.
 */
export function SubUsersTable({ status }: { status: SubUser['status'] }) {
  const [page, setPage] = useState(1);
  const users = useSubUsers(status, page);
  const { t } = useTranslation('referrals');
  const { date, number } = useFormat();
  const reasonText = useAppMessage();
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
                  <th scope="col" className={CELL}>
                    {t('users.columns.name')}
                  </th>
                  <th scope="col" className={CELL}>
                    {idColumn === 'email' ? t('users.columns.email') : t('users.columns.userId')}
                  </th>
                  <th scope="col" className={CELL}>
                    {t('users.columns.status')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.data.data.map((user) => (
                  <tr key={user.id}>
                    <td className={`${CELL} text-break`}>
                      {user.is_erased ? <span className="fst-italic">{t('users.deletedLearner')}</span> : user.name}
                      {showJoined && (
                        <div className="small text-body-secondary">{t('joined', { date: date(user.joined) })}</div>
                      )}
                      {user.reason && <div className="small text-body-secondary">{reasonText(user.reason)}</div>}
                    </td>
                    {idColumn === 'email' ? (
                      <td className={CELL}>{user.email ? <EmailCell email={user.email} /> : '—'}</td>
                    ) : (
                      <td className={`${CELL} font-monospace`}>{user.referral_code}</td>
                    )}
                    <td className={CELL}>
                      <SubUserStatusBadge status={user.status} />
                    </td>
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
