import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import type { AdminLearnerQuiz } from '@app/contracts';
import { notifications } from '@/components/ui/notifications';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { AsyncContent, EmptyRow } from '../../components/async-content';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { StatusBadge } from '../../components/status-badge';
import { showServerError } from '../../utils/server-errors';
import { useGiveQuizAttempt } from '../api/give-quiz-attempt';
import { useUserQuizzes } from '../api/get-user-quizzes';

function QuizStatus({ quiz }: { quiz: AdminLearnerQuiz }) {
  if (quiz.passed) return <StatusBadge status="active" label="passed" />;
  if (quiz.can_grant) return <StatusBadge status="failed" label="attempts used up" />;
  return <StatusBadge status="pending" label="not passed yet" />;
}

/**
 * The chapter quizzes a learner has started, and the operator's one tool there (decision 062): another attempt at a
 * quiz whose attempts are all used without a pass, without which the learner could never finish the course.
 */
export function UserQuizzes({ userId, name }: { userId: number; name: string }) {
  const quizzes = useUserQuizzes(userId);
  const give = useGiveQuizAttempt(userId);
  const [giving, setGiving] = useState<AdminLearnerQuiz | null>(null);

  const onGive = async () => {
    if (!giving) return;
    try {
      const { message } = await give.mutateAsync({ userId, subjectId: giving.subject_id });
      notifications.success(message);
    } catch (error) {
      showServerError(error);
    } finally {
      setGiving(null);
    }
  };

  return (
    <Card className="admin-card mt-4">
      <Card.Body>
        <h2 className="h5">Quizzes</h2>
        <AsyncContent query={quizzes}>
          <ResponsiveTable regionLabel="Quizzes" size="sm" className="admin-table mb-0">
            <thead>
              <tr>
                <th scope="col">Course</th>
                <th scope="col">Chapter</th>
                <th scope="col" className="text-end">
                  Attempts
                </th>
                <th scope="col" className="text-end">
                  Best mark
                </th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {quizzes.data?.length === 0 && <EmptyRow colSpan={6}>No quiz taken yet.</EmptyRow>}
              {quizzes.data?.map((quiz) => (
                <tr key={quiz.subject_id}>
                  <td>{quiz.course_name}</td>
                  <td>{quiz.subject_name}</td>
                  <td className="text-end text-nowrap">
                    {quiz.attempts_used} of {quiz.max_attempts}
                    {quiz.granted_attempts > 0 && (
                      <div className="small text-body-secondary">{quiz.granted_attempts} given by an operator</div>
                    )}
                  </td>
                  <td className="text-end">
                    {quiz.best_mark_in_percentage === null ? '—' : `${quiz.best_mark_in_percentage}%`}
                  </td>
                  <td>
                    <QuizStatus quiz={quiz} />
                  </td>
                  <td className="text-end text-nowrap">
                    {quiz.can_grant && (
                      <Button
                        size="sm"
                        variant="outline-primary"
                        onClick={() => setGiving(quiz)}
                        aria-haspopup="dialog"
                        aria-label={`Give another attempt at ${quiz.subject_name}`}
                      >
                        Give another attempt
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </ResponsiveTable>
        </AsyncContent>
      </Card.Body>
      <ConfirmDialog
        subject={giving}
        title="Give another attempt?"
        confirmLabel="Give another attempt"
        variant="primary"
        isBusy={give.isPending}
        onConfirm={onGive}
        onCancel={() => setGiving(null)}
      >
        {(quiz) => (
          <p className="mb-0">
            {name} has used all {quiz.max_attempts} attempts at the quiz of {quiz.subject_name} ({quiz.course_name})
            without reaching {quiz.pass_mark_percent}%. One more attempt lets them retake it once the cool-down since
            their last attempt has passed. The audit log records it.
          </p>
        )}
      </ConfirmDialog>
    </Card>
  );
}
