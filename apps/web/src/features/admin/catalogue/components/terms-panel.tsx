import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import type { AdminTerm } from '@app/contracts';
import { notifications } from '@/components/ui/notifications';
import { AsyncContent } from '../../components/async-content';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { showServerError } from '../../utils/server-errors';
import { useDeleteTerm } from '../api/delete-term';
import { useTerms } from '../api/get-terms';
import { SubjectsTable } from './subjects-table';
import { TermFormModal } from './term-form-modal';

type Editing = { term?: AdminTerm } | null;

/** A course's terms, each with its chapters. */
export function TermsPanel({ courseId }: { courseId: number }) {
  const terms = useTerms(courseId);
  const remove = useDeleteTerm(courseId);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminTerm | null>(null);
  const nextPosition = Math.max(0, ...(terms.data ?? []).map((t) => t.position)) + 1;

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notifications.success('Term deleted.');
    } catch (error) {
      showServerError(error);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <section aria-labelledby="terms-title">
      <div className="d-flex align-items-center justify-content-between mb-3">
        <h2 id="terms-title" className="h5 mb-0">
          Terms and chapters
        </h2>
        <Button variant="primary" onClick={() => setEditing({})}>
          Add term
        </Button>
      </div>
      <AsyncContent query={terms}>
        {terms.data?.length === 0 && <p className="text-body-secondary">No terms yet. Add one, then its chapters.</p>}
        {terms.data?.map((term) => (
          <Card key={term.id} className="admin-card mb-3">
            <Card.Header className="bg-white d-flex flex-wrap align-items-center justify-content-between gap-2">
              <h3 className="h6 mb-0">
                <span className="text-body-secondary me-2">Term {term.position}</span>
                {term.name}
              </h3>
              <div>
                <Button
                  size="sm"
                  variant="link"
                  onClick={() => setEditing({ term })}
                  aria-label={`Edit term ${term.name}`}
                >
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="link"
                  className="text-danger"
                  onClick={() => setDeleting(term)}
                  aria-label={`Delete term ${term.name}`}
                >
                  Delete
                </Button>
              </div>
            </Card.Header>
            <Card.Body>
              {term.about && <p className="small text-body-secondary">{term.about}</p>}
              <SubjectsTable courseId={courseId} term={term} />
            </Card.Body>
          </Card>
        ))}
      </AsyncContent>
      {editing && (
        <TermFormModal
          courseId={courseId}
          term={editing.term}
          nextPosition={nextPosition}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        subject={deleting}
        title="Delete term?"
        confirmLabel="Delete"
        isBusy={remove.isPending}
        onConfirm={() => void onDelete()}
        onCancel={() => setDeleting(null)}
      >
        {(item) => (
          <p className="mb-0">
            {item.name} and its {item.subjects_count} chapters will be deleted.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
