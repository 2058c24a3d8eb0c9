import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import type { AdminSubject, AdminTerm } from '@app/contracts';
import { paths } from '@/config/paths';
import { notifications } from '@/components/ui/notifications';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { AsyncContent, EmptyRow } from '../../components/async-content';
import { DeleteDialog } from '../../components/delete-dialog';
import { EditDeleteButtons } from '../../components/edit-delete-buttons';
import { showServerError } from '../../utils/server-errors';
import { useDeleteSubject } from '../api/delete-subject';
import { useSubjects } from '../api/get-subjects';
import { useTranscodeSubject } from '../api/transcode-subject';
import { fileTypeLabels, SubjectFormModal } from './subject-form-modal';
import { VideoTranscodeState } from './video-transcode-state';

type Editing = { subject?: AdminSubject } | null;

/** A term's chapters: what each holds, its question bank, add / edit / delete. */
export function SubjectsTable({ courseId, term }: { courseId: number; term: AdminTerm }) {
  const subjects = useSubjects(term.id);
  const remove = useDeleteSubject(term.id);
  const transcode = useTranscodeSubject(term.id);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminSubject | null>(null);
  const nextPosition = Math.max(0, ...(subjects.data ?? []).map((s) => s.position)) + 1;

  const onTranscodeAgain = async (subject: AdminSubject) => {
    try {
      await transcode.mutateAsync(subject.id);
      notifications.success(`${subject.name} will be transcoded again.`);
    } catch (error) {
      showServerError(error);
    }
  };

  return (
    <>
      <AsyncContent query={subjects}>
        <ResponsiveTable
          regionLabel={`Chapters of ${term.name}`}
          size="sm"
          className="admin-table mb-2"
          aria-label={`Chapters of ${term.name}`}
        >
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Chapter</th>
              <th scope="col">Content</th>
              <th scope="col">Questions</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {subjects.data?.length === 0 && <EmptyRow colSpan={5}>No chapters yet.</EmptyRow>}
            {subjects.data?.map((subject) => (
              <tr key={subject.id}>
                <td>{subject.position}</td>
                <td className="fw-semibold">{subject.name}</td>
                <td>
                  <Badge bg="light" text="dark" className="me-2">
                    {fileTypeLabels[subject.file_type]}
                  </Badge>
                  {subject.url ? (
                    <a href={subject.url} target="_blank" rel="noreferrer" className="small text-break">
                      {subject.url}
                    </a>
                  ) : (
                    <span className="small text-body-secondary">{subject.has_file ? 'File uploaded' : 'No file'}</span>
                  )}
                  {subject.video && (
                    <VideoTranscodeState
                      chapterName={subject.name}
                      video={subject.video}
                      isBusy={transcode.isPending}
                      onTranscodeAgain={() => void onTranscodeAgain(subject)}
                    />
                  )}
                </td>
                <td>
                  <Link to={paths.adminQuestions.getHref(courseId, term.id, subject.id)}>
                    {subject.questions_count} {subject.questions_count === 1 ? 'question' : 'questions'}
                  </Link>
                </td>
                <td className="text-end text-nowrap">
                  <EditDeleteButtons
                    name={subject.name}
                    onEdit={() => setEditing({ subject })}
                    onDelete={() => setDeleting(subject)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
      </AsyncContent>
      <Button size="sm" variant="outline-primary" onClick={() => setEditing({})}>
        Add chapter
      </Button>
      {editing && (
        <SubjectFormModal
          termId={term.id}
          subject={editing.subject}
          nextPosition={nextPosition}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteDialog
        item={deleting}
        remove={remove}
        title="Delete chapter?"
        deletedMessage="Chapter deleted."
        onClose={() => setDeleting(null)}
      >
        {(item) => (
          <p className="mb-0">
            {item.name} and its {item.questions_count} questions will be deleted.
          </p>
        )}
      </DeleteDialog>
    </>
  );
}
