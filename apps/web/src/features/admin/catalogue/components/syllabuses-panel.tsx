import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import type { AdminSyllabus } from '@app/contracts';
import { notifications } from '@/components/ui/notifications';
import { AsyncContent } from '../../components/async-content';
import { DeleteDialog } from '../../components/delete-dialog';
import { useCreateSyllabus } from '../api/create-syllabus';
import { useDeleteSyllabus } from '../api/delete-syllabus';
import { useSyllabuses } from '../api/get-syllabuses';
import { useUpdateSyllabus } from '../api/update-syllabus';
import { AddByNameForm, NameFormModal } from './name-form-modal';

interface SyllabusesPanelProps {
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/** Syllabuses (CBSE, ICSE…): add, rename, delete; choosing one shows its standards. */
export function SyllabusesPanel({ selectedId, onSelect }: SyllabusesPanelProps) {
  const syllabuses = useSyllabuses();
  const create = useCreateSyllabus();
  const update = useUpdateSyllabus();
  const remove = useDeleteSyllabus();
  const [renaming, setRenaming] = useState<AdminSyllabus | null>(null);
  const [deleting, setDeleting] = useState<AdminSyllabus | null>(null);

  return (
    <Card className="admin-card h-100">
      <Card.Body>
        <h2 className="h5">Syllabuses</h2>
        <AddByNameForm
          id="new-syllabus"
          label="New syllabus name"
          onAdd={async (name) => {
            await create.mutateAsync({ name });
            notifications.success('Syllabus added.');
          }}
        />
        <AsyncContent query={syllabuses}>
          <ListGroup>
            {syllabuses.data?.map((syllabus) => (
              <ListGroup.Item
                key={syllabus.id}
                active={syllabus.id === selectedId}
                className="d-flex align-items-center justify-content-between gap-2"
              >
                <Button
                  variant="link"
                  className={`p-0 text-start text-decoration-none ${syllabus.id === selectedId ? 'text-white' : ''}`}
                  onClick={() => onSelect(syllabus.id)}
                  aria-pressed={syllabus.id === selectedId}
                >
                  {syllabus.name} <span className="small opacity-75">({syllabus.standards_count} standards)</span>
                </Button>
                <span className="text-nowrap">
                  <Button
                    size="sm"
                    variant="link"
                    className={syllabus.id === selectedId ? 'text-white' : ''}
                    onClick={() => setRenaming(syllabus)}
                    aria-label={`Rename ${syllabus.name}`}
                  >
                    Rename
                  </Button>
                  <Button
                    size="sm"
                    variant="link"
                    className={syllabus.id === selectedId ? 'text-white' : 'text-danger'}
                    onClick={() => setDeleting(syllabus)}
                    aria-label={`Delete ${syllabus.name}`}
                  >
                    Delete
                  </Button>
                </span>
              </ListGroup.Item>
            ))}
          </ListGroup>
        </AsyncContent>
      </Card.Body>
      {renaming && (
        <NameFormModal
          title="Rename syllabus"
          name={renaming.name}
          onClose={() => setRenaming(null)}
          onSave={async (name) => {
            await update.mutateAsync({ id: renaming.id, body: { name } });
            notifications.success('Syllabus saved.');
          }}
        />
      )}
      <DeleteDialog
        item={deleting}
        remove={remove}
        title="Delete syllabus?"
        deletedMessage="Syllabus deleted."
        onClose={() => setDeleting(null)}
      >
        {(item) => <p className="mb-0">{item.name} will be deleted. A syllabus still in use cannot be deleted.</p>}
      </DeleteDialog>
    </Card>
  );
}
