import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Modal } from '@/components/ui/modal';
import Table from 'react-bootstrap/Table';
import { standardCreateBody, type AdminStandard, type AdminSyllabus } from '@app/contracts';
import { TextField } from '@/components/ui/form';
import { notifications } from '@/components/ui/notifications';
import { AsyncContent, EmptyRow } from '../../components/async-content';
import { DeleteDialog } from '../../components/delete-dialog';
import { EditDeleteButtons } from '../../components/edit-delete-buttons';
import { ModalForm } from '../../components/modal-form';
import { formResolver } from '../../utils/form-resolver';
import { showServerError } from '../../utils/server-errors';
import { useCreateStandard, type StandardInput } from '../api/create-standard';
import { useDeleteStandard } from '../api/delete-standard';
import { useStandards } from '../api/get-standards';
import { useUpdateStandard } from '../api/update-standard';

interface StandardFormValues {
  syllabus_id: string;
  name: string;
  position: string;
}

const fields = ['name', 'position'] as const;

/** Add or edit a standard of a syllabus (name and position). */
function StandardFormModal({
  syllabus,
  standard,
  nextPosition,
  onClose,
}: {
  syllabus: AdminSyllabus;
  standard?: AdminStandard;
  nextPosition: number;
  onClose: () => void;
}) {
  const create = useCreateStandard();
  const update = useUpdateStandard();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<StandardFormValues, unknown, StandardInput>({
    resolver: formResolver(standardCreateBody),
    mode: 'onTouched',
    defaultValues: {
      syllabus_id: String(syllabus.id),
      name: standard?.name ?? '',
      position: String(standard?.position ?? nextPosition),
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      if (standard)
        await update.mutateAsync({ id: standard.id, body: { name: values.name, position: values.position } });
      else await create.mutateAsync(values);
      notifications.success(standard ? 'Standard saved.' : 'Standard added.');
      onClose();
    } catch (error) {
      showServerError(error, { setError, fields });
    }
  });
  return (
    <Modal show onHide={onClose} centered aria-labelledby="standard-form-title">
      <ModalForm
        titleId="standard-form-title"
        title={standard ? 'Edit standard' : `Add a standard to ${syllabus.name}`}
        submitLabel={standard ? 'Save standard' : 'Add standard'}
        isBusy={isSubmitting}
        onSubmit={onSubmit}
        onClose={onClose}
      >
        <TextField id="standard-name" label="Name" registration={register('name')} error={errors.name?.message} />
        <TextField
          id="standard-position"
          label="Position"
          type="number"
          min={0}
          step={1}
          className="mb-0"
          registration={register('position')}
          error={errors.position?.message}
        />
      </ModalForm>
    </Modal>
  );
}

type Editing = { standard?: AdminStandard } | null;

/** The standards of the chosen syllabus, in order. */
export function StandardsPanel({ syllabus }: { syllabus: AdminSyllabus | null }) {
  const standards = useStandards(syllabus?.id ?? null);
  const remove = useDeleteStandard();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminStandard | null>(null);
  const nextPosition = Math.max(0, ...(standards.data ?? []).map((s) => s.position)) + 1;

  return (
    <Card className="admin-card h-100">
      <Card.Body>
        <div className="d-flex align-items-center justify-content-between mb-3">
          <h2 className="h5 mb-0">Standards{syllabus ? ` of ${syllabus.name}` : ''}</h2>
          {syllabus && (
            <Button size="sm" onClick={() => setEditing({})}>
              Add standard
            </Button>
          )}
        </div>
        {!syllabus ? (
          <p className="text-body-secondary">Choose a syllabus.</p>
        ) : (
          <AsyncContent query={standards}>
            <div className="admin-csv-preview">
              <Table size="sm" className="admin-table mb-0">
                <thead>
                  <tr>
                    <th scope="col">Position</th>
                    <th scope="col">Name</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {standards.data?.length === 0 && <EmptyRow colSpan={3}>No standards yet.</EmptyRow>}
                  {standards.data?.map((standard) => (
                    <tr key={standard.id}>
                      <td>{standard.position}</td>
                      <td>{standard.name}</td>
                      <td className="text-end text-nowrap">
                        <EditDeleteButtons
                          name={standard.name}
                          onEdit={() => setEditing({ standard })}
                          onDelete={() => setDeleting(standard)}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          </AsyncContent>
        )}
      </Card.Body>
      {editing && syllabus && (
        <StandardFormModal
          syllabus={syllabus}
          standard={editing.standard}
          nextPosition={nextPosition}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteDialog
        item={deleting}
        remove={remove}
        title="Delete standard?"
        deletedMessage="Standard deleted."
        onClose={() => setDeleting(null)}
      >
        {(item) => <p className="mb-0">{item.name} will be deleted. A standard still in use cannot be deleted.</p>}
      </DeleteDialog>
    </Card>
  );
}
