import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Modal } from '@/components/ui/modal';
import { batchCreateBody, formatInr, type AdminBatch, type AdminSyllabus } from '@app/contracts';
import { SelectField, TextField } from '@/components/ui/form';
import { notifications } from '@/components/ui/notifications';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { allOf, AsyncContent, EmptyRow } from '../../components/async-content';
import { DeleteDialog } from '../../components/delete-dialog';
import { EditDeleteButtons } from '../../components/edit-delete-buttons';
import { ModalForm } from '../../components/modal-form';
import { formResolver } from '../../utils/form-resolver';
import { showServerError } from '../../utils/server-errors';
import { useCreateBatch, type BatchInput } from '../api/create-batch';
import { useDeleteBatch } from '../api/delete-batch';
import { useBatches } from '../../api/get-batches';
import { useStandards } from '../api/get-standards';
import { useSyllabuses } from '../api/get-syllabuses';
import { useUpdateBatch } from '../api/update-batch';

interface BatchFormValues {
  syllabus_id: string;
  standard_id: string;
  name: string;
  fee: string;
}

const fields = ['syllabus_id', 'standard_id', 'name', 'fee'] as const;

/** Add or edit a batch: a syllabus's standard, its name and fee (₹0 for none). */
function BatchFormModal({ batch, onClose }: { batch?: AdminBatch; onClose: () => void }) {
  const syllabuses = useSyllabuses();
  // The edited batch's standards must be there before its select mounts, or it would show none.
  const standards = useStandards(batch?.syllabus_id ?? null);
  return (
    <Modal show onHide={onClose} centered aria-labelledby="batch-form-title">
      <AsyncContent query={allOf(syllabuses, standards)}>
        {syllabuses.data && <BatchForm batch={batch} syllabuses={syllabuses.data} onClose={onClose} />}
      </AsyncContent>
    </Modal>
  );
}

function BatchForm({
  batch,
  syllabuses,
  onClose,
}: {
  batch?: AdminBatch;
  syllabuses: AdminSyllabus[];
  onClose: () => void;
}) {
  const create = useCreateBatch();
  const update = useUpdateBatch();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<BatchFormValues, unknown, BatchInput>({
    resolver: formResolver(batchCreateBody),
    mode: 'onTouched',
    defaultValues: {
      syllabus_id: batch ? String(batch.syllabus_id) : '',
      standard_id: batch ? String(batch.standard_id) : '',
      name: batch?.name ?? '',
      fee: batch ? String(batch.fee) : '0',
    },
  });
  const syllabusId = Number(useWatch({ control, name: 'syllabus_id' })) || null;
  const standards = useStandards(syllabusId);

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (batch) await update.mutateAsync({ id: batch.id, body: values });
      else await create.mutateAsync(values);
      notifications.success(batch ? 'Batch saved.' : 'Batch added.');
      onClose();
    } catch (error) {
      showServerError(error, { setError, fields });
    }
  });

  return (
    <ModalForm
      titleId="batch-form-title"
      title={batch ? 'Edit batch' : 'Add a batch'}
      submitLabel={batch ? 'Save batch' : 'Add batch'}
      isBusy={isSubmitting}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <SelectField
        id="batch-syllabus"
        label="Syllabus"
        error={errors.syllabus_id?.message}
        registration={register('syllabus_id', { onChange: () => setValue('standard_id', '') })}
      >
        <option value="">Choose…</option>
        {syllabuses.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        id="batch-standard"
        label="Standard"
        registration={register('standard_id')}
        error={errors.standard_id?.message}
        disabled={!syllabusId}
      >
        <option value="">Choose…</option>
        {syllabusId &&
          standards.data?.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
      </SelectField>
      <TextField id="batch-name" label="Name" registration={register('name')} error={errors.name?.message} />
      <TextField
        id="batch-fee"
        label="Fee (₹)"
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
        className="mb-0"
        registration={register('fee')}
        error={errors.fee?.message}
      />
    </ModalForm>
  );
}

type Editing = { batch?: AdminBatch } | null;

/** Batches: one per syllabus and standard, with the fee a learner pays to join. */
export function BatchesPanel() {
  const batches = useBatches();
  const remove = useDeleteBatch();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminBatch | null>(null);

  return (
    <Card className="admin-card">
      <Card.Body>
        <div className="d-flex align-items-center justify-content-between mb-3">
          <h2 className="h5 mb-0">Batches</h2>
          <Button size="sm" onClick={() => setEditing({})}>
            Add batch
          </Button>
        </div>
        <AsyncContent query={batches}>
          <ResponsiveTable regionLabel="Batches" size="sm" className="admin-table mb-0">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Syllabus</th>
                <th scope="col">Standard</th>
                <th scope="col" className="text-end">
                  Fee
                </th>
                <th scope="col" className="text-center">
                  Courses
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {batches.data?.length === 0 && <EmptyRow colSpan={6}>No batches yet.</EmptyRow>}
              {batches.data?.map((batch) => (
                <tr key={batch.id}>
                  <td className="fw-semibold">{batch.name}</td>
                  <td>{batch.syllabus_name}</td>
                  <td>{batch.standard_name}</td>
                  <td className="text-end">{batch.fee > 0 ? formatInr(batch.fee) : 'Free'}</td>
                  <td className="text-center">{batch.courses_count}</td>
                  <td className="text-end text-nowrap">
                    <EditDeleteButtons
                      name={batch.name}
                      onEdit={() => setEditing({ batch })}
                      onDelete={() => setDeleting(batch)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </ResponsiveTable>
        </AsyncContent>
      </Card.Body>
      {editing && <BatchFormModal batch={editing.batch} onClose={() => setEditing(null)} />}
      <DeleteDialog
        item={deleting}
        remove={remove}
        title="Delete batch?"
        deletedMessage="Batch deleted."
        onClose={() => setDeleting(null)}
      >
        {(item) => <p className="mb-0">{item.name} will be deleted. A batch still in use cannot be deleted.</p>}
      </DeleteDialog>
    </Card>
  );
}
