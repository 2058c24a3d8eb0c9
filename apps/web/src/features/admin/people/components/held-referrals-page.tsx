import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import type { HeldReferral } from '@app/contracts';
import { paths } from '@/config/paths';
import { notifications } from '@/components/ui/notifications';
import { PageHeader } from '@/components/ui/page-header';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { AsyncContent, EmptyRow } from '../../components/async-content';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Pager } from '../../components/pager';
import { formatDateTime } from '../../utils/format';
import { useListParams } from '../../utils/list-params';
import { showServerError } from '../../utils/server-errors';
import { useHeldReferrals } from '../api/get-held-referrals';
import { useRejectReferral } from '../api/reject-referral';
import { useReleaseReferral } from '../api/release-referral';

interface Decision {
  referral: HeldReferral;
  decision: 'release' | 'reject';
}

/** Sign-ups the fraud rules held back from their referrer's count: release (count them) or reject. */
export function HeldReferralsPage() {
  const { page, setPage } = useListParams([]);
  const held = useHeldReferrals(page);
  const release = useReleaseReferral();
  const reject = useRejectReferral();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const isBusy = release.isPending || reject.isPending;

  const onDecide = async () => {
    if (!deciding) return;
    const { referral, decision } = deciding;
    try {
      const { data, message } =
        decision === 'release'
          ? await release.mutateAsync(referral.user.id)
          : await reject.mutateAsync(referral.user.id);
      const achieved = data.level_achieved ? ` The referrer reached ${data.level_achieved}.` : '';
      notifications.success(`${message}${achieved}`);
    } catch (error) {
      showServerError(error);
    } finally {
      setDeciding(null);
    }
  };

  return (
    <>
      <PageHeader title="Held referrals" />
      <p className="text-body-secondary small">
        A sign-up is held when its referrer already had several sign-ups from the same address that week. Release counts
        it for the referrer; reject never will.
      </p>
      <AsyncContent query={held}>
        <ResponsiveTable regionLabel="Held referrals" hover className="admin-table">
          <thead>
            <tr>
              <th scope="col">Signed up</th>
              <th scope="col">User</th>
              <th scope="col">Referrer</th>
              <th scope="col">Address</th>
              <th scope="col" className="text-center">
                Same address, 7 days
              </th>
              <th scope="col">Active</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {held.data?.data.length === 0 && <EmptyRow colSpan={7}>No sign-ups are held.</EmptyRow>}
            {held.data?.data.map((referral) => (
              <tr key={referral.user.id}>
                <td className="small text-nowrap">{formatDateTime(referral.created_at)}</td>
                <td>
                  <Link to={paths.adminUser.getHref(referral.user.id)}>{referral.user.name}</Link>
                  <div className="small text-body-secondary">{referral.user.email}</div>
                </td>
                <td>
                  {referral.referrer ? (
                    <>
                      <Link to={paths.adminUser.getHref(referral.referrer.id)}>{referral.referrer.name}</Link>
                      <div className="small text-body-secondary font-monospace">{referral.referrer.referral_code}</div>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="small font-monospace">{referral.signup_ip ?? '—'}</td>
                <td className="text-center">{referral.signups_from_ip}</td>
                <td>{referral.is_active ? 'Yes' : 'No'}</td>
                <td className="text-end text-nowrap">
                  <Button
                    size="sm"
                    variant="success"
                    className="me-2"
                    onClick={() => setDeciding({ referral, decision: 'release' })}
                  >
                    Release
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    onClick={() => setDeciding({ referral, decision: 'reject' })}
                  >
                    Reject
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
        <Pager list={held.data} onPage={setPage} label="Held referral pages" />
      </AsyncContent>
      <ConfirmDialog
        subject={deciding}
        title={({ decision }) => (decision === 'release' ? 'Release this sign-up?' : 'Reject this sign-up?')}
        confirmLabel={({ decision }) => (decision === 'release' ? 'Release' : 'Reject')}
        variant={({ decision }) => (decision === 'release' ? 'primary' : 'danger')}
        isBusy={isBusy}
        onConfirm={() => void onDecide()}
        onCancel={() => setDeciding(null)}
      >
        {({ referral, decision }) => (
          <p className="mb-0">
            {referral.user.name} {decision === 'release' ? 'will count' : 'will never count'} as a sub-user of{' '}
            {referral.referrer?.name ?? 'their referrer'}.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
