import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { freshQuizBankSize, type AdminQuestion } from '@app/contracts';
import { paths } from '@/config/paths';
import { Modal } from '@/components/ui/modal';
import { PageHeader } from '@/components/ui/page-header';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { useSettings } from '../../api/get-settings';
import { allOf, AsyncContent, EmptyRow } from '../../components/async-content';
import { DeleteDialog } from '../../components/delete-dialog';
import { EditDeleteButtons } from '../../components/edit-delete-buttons';
import { useDeleteQuestion } from '../api/delete-question';
import { useCourse } from '../api/get-course';
import { useQuestions } from '../api/get-questions';
import { useSubjects } from '../api/get-subjects';
import { QuestionFormModal } from './question-form-modal';
import { QuestionImport } from './question-import';

type Editing = { question?: AdminQuestion } | null;

interface QuestionsPageProps {
  courseId: number;
  termId: number;
  subjectId: number;
}

const optionsOf = (q: AdminQuestion) => [q.option_1, q.option_2, q.option_3, q.option_4, q.option_5];

/**
 * Warns while the bank is too small for every attempt to get questions the learner has never been asked (decision
 * 062): a retake then repeats questions whose correct answers an earlier result showed.
 */
function SmallBankWarning({ count, maxAttempts }: { count: number; maxAttempts: number }) {
  const needed = freshQuizBankSize(maxAttempts);
  if (count === 0 || maxAttempts < 2 || count >= needed) return null;
  return (
    <Alert variant="warning" className="small py-2" data-testid="small-bank-warning">
      This quiz has {count} question{count === 1 ? '' : 's'}: retakes will repeat questions whose answers the learner
      has seen. {needed} or more give every attempt new questions.
    </Alert>
  );
}

/** A chapter's question bank: list, add, edit, delete, and import from a CSV; a warning while it is too small. */
export function QuestionsPage({ courseId, termId, subjectId }: QuestionsPageProps) {
  const course = useCourse(courseId);
  const subjects = useSubjects(termId);
  const questions = useQuestions(subjectId);
  const settings = useSettings();
  const remove = useDeleteQuestion(subjectId, termId);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminQuestion | null>(null);
  const [isImportOpen, setIsImportOpen] = useState(false);
  const subject = subjects.data?.find((s) => s.id === subjectId);

  return (
    <>
      <p className="mb-2 small">
        <Link to={paths.adminCourse.getHref(courseId)}>← {course.data?.name ?? 'Course'}</Link>
      </p>
      <PageHeader title={`Questions: ${subject?.name ?? 'Chapter'}`}>
        <div className="d-flex gap-2">
          <Button variant="outline-primary" onClick={() => setIsImportOpen(true)} aria-haspopup="dialog">
            Import CSV
          </Button>
          <Button onClick={() => setEditing({})}>Add question</Button>
        </div>
      </PageHeader>
      {/* A dialog, not a card above the table: the preview is tall, and closing it when the import answered (a
          second or more later on a slow line) moved the whole table up under the operator's eyes. */}
      <Modal
        show={isImportOpen}
        onHide={() => setIsImportOpen(false)}
        size="xl"
        scrollable
        aria-labelledby="import-questions-title"
      >
        <Modal.Header closeButton>
          <Modal.Title id="import-questions-title" as="h2" className="h5">
            Import questions from a CSV
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <QuestionImport subjectId={subjectId} termId={termId} onDone={() => setIsImportOpen(false)} />
        </Modal.Body>
      </Modal>
      {/* Both, so the warning never arrives after the table and pushes it down. */}
      <AsyncContent query={allOf(questions, settings)}>
        {questions.data && settings.data && (
          <SmallBankWarning count={questions.data.length} maxAttempts={settings.data.quiz_max_attempts} />
        )}
        <ResponsiveTable regionLabel="Questions" className="admin-table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Question</th>
              <th scope="col">Options (correct in bold)</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {questions.data?.length === 0 && (
              <EmptyRow colSpan={4}>No questions yet. Add some or import a CSV.</EmptyRow>
            )}
            {questions.data?.map((question, index) => (
              <tr key={question.id}>
                <td>{index + 1}</td>
                <td>
                  {question.question}
                  {question.explanation && (
                    <p className="small text-body-secondary mb-0 mt-1">
                      <span className="fw-semibold">Explanation: </span>
                      {question.explanation}
                    </p>
                  )}
                </td>
                <td>
                  <ol className="mb-0 ps-3 small">
                    {optionsOf(question).map(
                      (option, i) =>
                        option && (
                          <li
                            key={i}
                            className={i + 1 === question.correct_option ? 'fw-bold text-success' : undefined}
                          >
                            {option}
                            {i + 1 === question.correct_option && <span className="visually-hidden"> (correct)</span>}
                          </li>
                        ),
                    )}
                  </ol>
                </td>
                <td className="text-end text-nowrap">
                  <EditDeleteButtons
                    name={`question ${index + 1}`}
                    onEdit={() => setEditing({ question })}
                    onDelete={() => setDeleting(question)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
      </AsyncContent>
      {editing && (
        <QuestionFormModal
          subjectId={subjectId}
          termId={termId}
          question={editing.question}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteDialog
        item={deleting}
        remove={remove}
        title="Delete question?"
        deletedMessage="Question deleted."
        onClose={() => setDeleting(null)}
      >
        {(item) => <p className="mb-0">{item.question}</p>}
      </DeleteDialog>
    </>
  );
}
