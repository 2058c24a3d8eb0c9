import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import type { AdminTerm } from '@app/contracts';
import { AsyncContent } from '../../components/async-content';
import { DeleteDialog } from '../../components/delete-dialog';
import { EditDeleteButtons } from '../../components/edit-delete-buttons';
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
                <EditDeleteButtons
                  name={`term ${term.name}`}
                  onEdit={() => setEditing({ term })}
                  onDelete={() => setDeleting(term)}
                />
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
      <DeleteDialog
        item={deleting}
        remove={remove}
        title="Delete term?"
        deletedMessage="Term deleted."
        onClose={() => setDeleting(null)}
      >
        {(item) => (
          <p className="mb-0">
            {item.name} and its {item.subjects_count} chapters will be deleted.
          </p>
        )}
      </DeleteDialog>
    </section>
  );
}
