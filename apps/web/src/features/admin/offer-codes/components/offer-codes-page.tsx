import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { AdminOfferCode } from '@app/contracts';
import { formatInr } from '@app/contracts';
import { PageHeader } from '@/components/ui/page-header';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { AsyncContent, EmptyRow } from '../../components/async-content';
import { DeleteDialog } from '../../components/delete-dialog';
import { EditDeleteButtons } from '../../components/edit-delete-buttons';
import { Pager } from '../../components/pager';
import { SearchForm } from '../../components/search-form';
import { StatusBadge } from '../../components/status-badge';
import { useBatches } from '../../api/get-batches';
import { formatDateTime } from '../../utils/format';
import { useListParams } from '../../utils/list-params';
import { useDeleteOfferCode } from '../api/delete-offer-code';
import { useOfferCodes } from '../api/get-offer-codes';
import { OfferCodeFormModal } from './offer-code-form-modal';

const filterKeys = ['q', 'is_active'] as const;
type Editing = { offerCode?: AdminOfferCode } | null;

const discountText = (code: AdminOfferCode) => (code.is_fixed_amount ? formatInr(code.discount) : `${code.discount}%`);

function validityText(code: AdminOfferCode) {
  if (!code.valid_from && !code.valid_until) return 'Always';
  if (!code.valid_until) return `From ${formatDateTime(code.valid_from)}`;
  if (!code.valid_from) return `Until ${formatDateTime(code.valid_until)}`;
  return `${formatDateTime(code.valid_from)} – ${formatDateTime(code.valid_until)}`;
}

/** Offer codes with their rules and how often each has been used. */
export function OfferCodesPage() {
  const { page, filters, setPage, setFilters } = useListParams(filterKeys);
  const codes = useOfferCodes({ page, ...filters });
  const batches = useBatches();
  const remove = useDeleteOfferCode();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminOfferCode | null>(null);
  const batchName = (id: number | null) =>
    id ? (batches.data?.find((b) => b.id === id)?.name ?? `Batch ${id}`) : 'Any course';

  return (
    <>
      <PageHeader title="Offer codes">
        <Button onClick={() => setEditing({})}>New offer code</Button>
      </PageHeader>
      <div className="admin-filters">
        <SearchForm
          name="q"
          label="Search offer codes"
          placeholder="Search codes"
          value={filters.q}
          onSearch={(q) => setFilters({ q })}
        />
        <Form.Select
          aria-label="Active"
          value={filters.is_active}
          className="w-auto"
          onChange={(e) => setFilters({ is_active: e.target.value })}
        >
          <option value="">Active and inactive</option>
          <option value="true">Active</option>
          <option value="false">Inactive</option>
        </Form.Select>
      </div>
      <AsyncContent query={codes}>
        <ResponsiveTable regionLabel="Offer codes" hover className="admin-table">
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Discount</th>
              <th scope="col">Minimum</th>
              <th scope="col">Valid</th>
              <th scope="col">Uses</th>
              <th scope="col">Per user</th>
              <th scope="col">Batch</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {codes.data?.data.length === 0 && <EmptyRow colSpan={9}>No offer codes match.</EmptyRow>}
            {codes.data?.data.map((code) => (
              <tr key={code.id}>
                <td className="fw-semibold font-monospace">{code.code}</td>
                <td>{discountText(code)}</td>
                <td>{code.minimum_amount > 0 ? formatInr(code.minimum_amount) : '—'}</td>
                <td className="small">{validityText(code)}</td>
                <td>
                  {code.uses}
                  {code.max_uses !== null && ` / ${code.max_uses}`}
                </td>
                <td>{code.max_uses_per_user ?? '∞'}</td>
                <td className="small">{batchName(code.batch_id)}</td>
                <td>
                  <StatusBadge status={code.is_active ? 'active' : 'inactive'} />
                </td>
                <td className="text-end text-nowrap">
                  <EditDeleteButtons
                    name={code.code}
                    onEdit={() => setEditing({ offerCode: code })}
                    onDelete={() => setDeleting(code)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
        <Pager list={codes.data} onPage={setPage} label="Offer code pages" />
      </AsyncContent>
      {editing && <OfferCodeFormModal offerCode={editing.offerCode} onClose={() => setEditing(null)} />}
      <DeleteDialog
        item={deleting}
        remove={remove}
        title="Delete offer code?"
        deletedMessage="Offer code deleted."
        onClose={() => setDeleting(null)}
      >
        {(item) => (
          <p className="mb-0">
            {item.code} will be deleted. A code that has been used cannot be deleted; switch it off instead.
          </p>
        )}
      </DeleteDialog>
    </>
  );
}
