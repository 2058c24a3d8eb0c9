import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { isQuizResult, type QuizResult } from '@app/contracts';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/auth/get-me';
import { useFormat } from '@/lib/format';
import { isServerMessage } from '@/lib/server-message';
import { notifications } from '@/components/ui/notifications';
import { PageHeader } from '@/components/ui/page-header';
import { LoadError } from '@/components/ui/load-error';
import { PageLoading } from '@/components/ui/loading-overlay';
import { quizQueryKey, quizQuestionQueryOptions, useQuizQuestion } from '../api/get-quiz-question';
import { useRetakeQuiz } from '../api/retake-quiz';
import { useSubmitQuiz } from '../api/submit-quiz';
import {
  answersInOrder,
  clearQuizSession,
  loadQuizSession,
  saveQuizSession,
  type QuizSession,
} from '../utils/quiz-session';
import { QuizQuestionForm } from './quiz-question-form';
import { QuizResultView } from './quiz-result-view';
import './quiz.css';

/**
 * A submission refused because the answers name questions the learner's current draw does not hold: they were saved
 * for another attempt (a retake started on another device or tab) or by another learner. Sending them again cannot
 * succeed.
 */
const isForeignAnswers = (error: unknown) =>
  isServerMessage(error, 'quiz.questionNotInQuiz', 422) || isServerMessage(error, 'quiz.duplicateQuestion', 422);

/**
 * Quiz (docs/product/learning-and-quizzes.md#quiz): questions one by one, Submit after the last, then the result. If
 * the quiz was submitted before, the server answers the result instead of a question; from the
 * result a retake starts the next attempt when the server allows it.
 */
export function QuizPage() {
  const { t } = useTranslation('quiz');
  const me = useMe();
  // The quiz in progress is saved under the learner who answers it (utils/quiz-session.ts), so the page waits for
  // who that is: no wait in the app, whose signed-in pages open once GET /me has answered.
  if (me.data) return <LearnerQuiz key={me.data.referral_code} learner={me.data.referral_code} />;
  return (
    <div className="quiz-page mx-auto">
      {me.isPending ? (
        <PageLoading label={t('loading')} />
      ) : (
        <LoadError error={me.error} onRetry={() => me.refetch()} isRetrying={me.isFetching} />
      )}
    </div>
  );
}

function LearnerQuiz({ learner }: { learner: string }) {
  const { t } = useTranslation('quiz');
  const { number } = useFormat();
  const subjectId = Number(useParams().id);
  const courseId = Number(useSearchParams()[0].get('course'));
  const backHref =
    Number.isInteger(courseId) && courseId > 0 ? paths.learnMore.getHref(courseId) : paths.learn.getHref();
  const queryClient = useQueryClient();
  const [session, setSession] = useState<QuizSession>(() => loadQuizSession(learner, subjectId));
  const [submitted, setSubmitted] = useState<QuizResult | null>(null);
  const [isRefused, setIsRefused] = useState(false);
  const question = useQuizQuestion(subjectId, session.current);
  const submitQuiz = useSubmitQuiz();
  const retakeQuiz = useRetakeQuiz(learner);

  const data = question.data;
  const result = submitted ?? (data && isQuizResult(data) ? data : null);
  const current = data && !isQuizResult(data) ? data : null;

  useEffect(() => {
    if (result) clearQuizSession(learner, subjectId);
  }, [result, learner, subjectId]);

  // The next question loads while this one is read.
  useEffect(() => {
    if (current && current.question_number < current.total_questions) {
      void queryClient.prefetchQuery(quizQuestionQueryOptions(subjectId, current.question_number + 1));
    }
  }, [current, queryClient, subjectId]);

  const update = (next: QuizSession) => {
    saveQuizSession(learner, subjectId, next);
    setSession(next);
  };

  // The questions cached on this page may be of the draw the refused answers were given to: they are fetched anew.
  const startAgainAfterRefusal = () => {
    setIsRefused(false);
    update({ current: 1, answers: {} });
    void queryClient.resetQueries({ queryKey: quizQueryKey(subjectId) });
  };

  const onAnswer = async (option: number) => {
    if (!current) return;
    const answers = { ...session.answers, [current.question_number]: [current.id, option] as [number, number] };
    if (current.question_number < current.total_questions) {
      update({ current: current.question_number + 1, answers });
      return;
    }
    update({ ...session, answers });
    try {
      setSubmitted(await submitQuiz.mutateAsync({ subjectId, answers: answersInOrder({ ...session, answers }) }));
    } catch (error) {
      if (isForeignAnswers(error)) {
        clearQuizSession(learner, subjectId);
        setIsRefused(true);
        return;
      }
      // Graded already: this is a retry of a submission whose answer was lost (decision 061). The server now answers
      // the result in place of the question, shown as after a success, with no error.
      if (isServerMessage(error, 'quiz.alreadySubmitted', 400)) {
        void question.refetch();
        return;
      }
      notifications.error(errorMessage(error));
      // Submitted elsewhere meanwhile: the server now answers the stored result.
      if (error instanceof ApiError && error.status === 400) void question.refetch();
    }
  };

  // Afterwards the page shows what the server now says (the hook drops the saved session and the
  // cached quiz): the new attempt's first question, or, when refused, the result with its status.
  const onRetake = async () => {
    try {
      await retakeQuiz.mutateAsync(subjectId);
    } catch (error) {
      notifications.error(errorMessage(error));
    } finally {
      setSubmitted(null);
      setSession({ current: 1, answers: {} });
    }
  };

  const heading = result ? t('resultTitle') : t('questionNumber', { number: number(session.current) });
  let body;
  if (result) {
    body = (
      <QuizResultView
        result={result}
        backHref={backHref}
        onRetake={() => void onRetake()}
        isRetaking={retakeQuiz.isPending}
      />
    );
  } else if (isRefused) {
    body = (
      <>
        <Alert variant="warning">{t('answersOfAnotherQuiz')}</Alert>
        <button type="button" className="btn btn-outline-primary me-2" onClick={startAgainAfterRefusal}>
          {t('startAgain')}
        </button>
        <Link to={backHref} className="btn btn-primary">
          {t('backToCourse')}
        </Link>
      </>
    );
  } else if (question.isPending) {
    body = <PageLoading label={t('loading')} />;
  } else if (question.isError || !current) {
    const isMissing = question.error instanceof ApiError && question.error.status === 404 && session.current > 1;
    body = (
      <>
        <LoadError error={question.error} onRetry={() => question.refetch()} isRetrying={question.isFetching} />
        {isMissing && (
          <button
            type="button"
            className="btn btn-outline-primary me-2"
            onClick={() => update({ current: 1, answers: {} })}
          >
            {t('startAgain')}
          </button>
        )}
        <Link to={backHref} className="btn btn-primary">
          {t('backToCourse')}
        </Link>
      </>
    );
  } else {
    const chosen = session.answers[current.question_number];
    body = (
      <Card className="border-0 shadow-sm">
        <Card.Body className="p-lg-4">
          <div className="d-flex justify-content-between small text-body-secondary mb-1">
            <span>
              {t('questionOf', { number: number(current.question_number), count: number(current.total_questions) })}
            </span>
          </div>
          <ProgressBar
            now={(current.question_number / current.total_questions) * 100}
            className="quiz-progress mb-4"
            style={{ height: '0.375rem' }}
            aria-hidden="true"
          />
          <QuizQuestionForm
            key={current.id}
            question={current}
            chosen={chosen && chosen[0] === current.id ? chosen[1] : null}
            isLast={current.question_number >= current.total_questions}
            isBusy={submitQuiz.isPending}
            onAnswer={(option) => void onAnswer(option)}
          />
        </Card.Body>
      </Card>
    );
  }

  return (
    <div className="quiz-page mx-auto">
      <PageHeader title={heading} />
      {body}
    </div>
  );
}
