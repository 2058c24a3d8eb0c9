import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { formatInr, PURCHASE_STATUSES, type AdminPurchase } from '@app/contracts';
import { paths } from '@/config/paths';
import { notifications } from '@/components/ui/notifications';
import { PageHeader } from '@/components/ui/page-header';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { AsyncContent, EmptyRow } from '../../components/async-content';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Pager } from '../../components/pager';
import { StatusBadge } from '../../components/status-badge';
import { formatDateTime } from '../../utils/format';
import { useListParams } from '../../utils/list-params';
import { showServerError } from '../../utils/server-errors';
import { usePurchases } from '../api/get-purchases';
import { useRefundPurchase } from '../api/refund-purchase';
import { downloadInvoicePdf, type TaxDocumentKind } from '../api/download-invoice-pdf';
import { UserFilter } from './user-filter';

const filterKeys = ['status', 'user'] as const;

/** A GST document's number as a link that downloads its PDF (fetched with the operator's token). */
function DocumentLink({ purchaseId, kind, number }: { purchaseId: number; kind: TaxDocumentKind; number: string }) {
  const onClick = () => {
    downloadInvoicePdf(purchaseId, kind, number).catch(showServerError);
  };
  return (
    <Button
      variant="link"
      size="sm"
      className="p-0 font-monospace text-nowrap align-baseline"
      onClick={onClick}
      aria-label={`Download ${kind === 'invoice' ? 'invoice' : 'credit note'} ${number} (PDF)`}
    >
      {number}
    </Button>
  );
}

/** Every purchase with its payment status; a paid one can be refunded in full. */
export function PurchasesPage() {
  const { page, filters, setPage, setFilters } = useListParams(filterKeys);
  const purchases = usePurchases({ page, ...filters });
  const refund = useRefundPurchase();
  const [refunding, setRefunding] = useState<AdminPurchase | null>(null);

  const onRefund = async () => {
    if (!refunding) return;
    try {
      const { data, message } = await refund.mutateAsync(refunding.id);
      const reversed =
        data.commission_reversed > 0 ? ` Commission of ${formatInr(data.commission_reversed)} reversed.` : '';
      const shortfall =
        data.commission_shortfall > 0
          ? ` ${formatInr(data.commission_shortfall)} more could not be taken back: the referrer's wallet was short.`
          : '';
      notifications.success(`${message}${reversed}${shortfall}`);
    } catch (error) {
      showServerError(error);
    } finally {
      setRefunding(null);
    }
  };

  return (
    <>
      <PageHeader title="Purchases" />
      <div className="admin-filters">
        <Form.Select
          aria-label="Status"
          value={filters.status}
          className="w-auto"
          onChange={(e) => setFilters({ status: e.target.value })}
        >
          <option value="">All statuses</option>
          {PURCHASE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status[0]?.toUpperCase()}
              {status.slice(1)}
            </option>
          ))}
        </Form.Select>
        <UserFilter value={filters.user} onFilter={(user) => setFilters({ user })} />
      </div>
      <AsyncContent query={purchases}>
        <ResponsiveTable regionLabel="Purchases" hover className="admin-table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Date</th>
              <th scope="col">User</th>
              <th scope="col">Item</th>
              <th scope="col" className="text-end">
                Price
              </th>
              <th scope="col" className="text-end">
                Discount
              </th>
              <th scope="col" className="text-end">
                Paid
              </th>
              <th scope="col">Status</th>
              <th scope="col">Payment</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {purchases.data?.data.length === 0 && <EmptyRow colSpan={10}>No purchases match.</EmptyRow>}
            {purchases.data?.data.map((purchase) => (
              <tr key={purchase.id}>
                <td>{purchase.id}</td>
                <td className="small text-nowrap">{formatDateTime(purchase.created_at)}</td>
                <td>
                  <Link to={paths.adminUser.getHref(purchase.user.id)}>{purchase.user.name}</Link>
                  <div className="small text-body-secondary">{purchase.user.email}</div>
                </td>
                <td>
                  {purchase.item.name}
                  <div className="small text-body-secondary text-capitalize">{purchase.item.type}</div>
                </td>
                <td className="text-end">{formatInr(purchase.price)}</td>
                <td className="text-end">
                  {purchase.discount > 0 ? formatInr(purchase.discount) : '—'}
                  {purchase.offer_code && (
                    <div className="small text-body-secondary font-monospace">{purchase.offer_code}</div>
                  )}
                </td>
                <td className="text-end fw-semibold">{formatInr(purchase.amount)}</td>
                <td>
                  <StatusBadge status={purchase.status} />
                  {/* A chargeback open at Razorpay: the server refuses the Refund until it is lost, won or closed. */}
                  {purchase.open_dispute_id && (
                    <div className="small text-danger text-nowrap" title={purchase.open_dispute_id}>
                      Dispute open
                    </div>
                  )}
                </td>
                <td className="small">
                  <span className="text-capitalize">{purchase.provider}</span>
                  {purchase.payment_id && (
                    <div className="text-body-secondary font-monospace">{purchase.payment_id}</div>
                  )}
                  {/* The GST documents: the numbers download their PDFs. */}
                  {purchase.invoice_number && (
                    <div>
                      <DocumentLink purchaseId={purchase.id} kind="invoice" number={purchase.invoice_number} />
                    </div>
                  )}
                  {purchase.credit_note_number && (
                    <div>
                      <DocumentLink purchaseId={purchase.id} kind="credit_note" number={purchase.credit_note_number} />
                    </div>
                  )}
                </td>
                <td className="text-end">
                  {purchase.status === 'paid' && (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => setRefunding(purchase)}
                      aria-label={`Refund purchase ${purchase.id}`}
                    >
                      Refund
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
        <Pager list={purchases.data} onPage={setPage} label="Purchase pages" />
      </AsyncContent>
      <ConfirmDialog
        subject={refunding}
        title="Refund this purchase?"
        confirmLabel="Refund"
        isBusy={refund.isPending}
        onConfirm={() => void onRefund()}
        onCancel={() => setRefunding(null)}
      >
        {(purchase) => (
          <p className="mb-0">
            {formatInr(purchase.amount)} for {purchase.item.name} goes back to {purchase.user.name} through{' '}
            {purchase.provider}, the purchase is marked refunded and the referrer&apos;s commission on it is reversed.
            This cannot be undone.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
