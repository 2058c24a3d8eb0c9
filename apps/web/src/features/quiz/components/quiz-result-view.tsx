import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { QuizResult } from '@app/contracts';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { useFormat } from '@/lib/format';
import { useAppMessage } from '@/lib/i18n';

interface QuizResultViewProps {
  result: QuizResult;
  backHref: string;
  onRetake: () => void;
  isRetaking: boolean;
}

/**
 * A submitted quiz: 'Total Mark: X (Y%)', the attempt and best mark with why a retake is not
 * possible (yet), each question's answer, correct answer, mark and explanation, then Retake when
 * the server allows it and the way back. Below the `sm` breakpoint quiz.css lays each row out as
 * a card, so nothing needs sideways scrolling.
 */
export function QuizResultView({ result, backHref, onRetake, isRetaking }: QuizResultViewProps) {
  const { t } = useTranslation('quiz');
  const { t: messages } = useTranslation('messages');
  const message = useAppMessage();
  const { number, dateTime } = useFormat();
  const { retake } = result;
  // The best attempt is the one the certificate counts (docs/product/learning-and-quizzes.md#retakes).
  const hasPassed = result.best_mark_in_percentage >= result.pass_mark_percent;
  const passMark = number(result.pass_mark_percent);
  // The cooldown's date in the app's language and format; any other reason as the server sent it
  // (already in the learner's language; useAppMessage leaves a text it does not know as it is).
  const refusal = retake.allowed
    ? null
    : retake.available_at
      ? messages('quiz.retakeCooldown', { date: dateTime(retake.available_at) })
      : retake.reason && message(retake.reason);
  return (
    <Card className="border-0 shadow-sm">
      <Card.Body className="p-lg-4">
        <h2 className="h4 mb-1">
          {t('result.totalMark', { mark: number(result.total_mark), percent: number(result.mark_in_percentage) })}
        </h2>
        <p className="text-body-secondary mb-1">
          {t('result.correctCount', { mark: number(result.total_mark), count: number(result.total_questions) })}
        </p>
        <div className="small mb-4">
          <p className="text-body-secondary mb-0">
            {/* 'Attempt 2 of 3 · Best 70%': the best attempt is the one that counts for the certificate. */}
            {t('result.attempt', {
              attempt: number(result.attempt),
              max: number(result.max_attempts),
              best: number(result.best_mark_in_percentage),
            })}
          </p>
          {/* What a pass needs: a learner at 0% was told the mark, not what the certificate asks for. */}
          <p className={`mb-0 mt-1 ${hasPassed ? 'text-success' : ''}`} data-testid="quiz-pass-mark">
            {hasPassed ? t('result.passed', { passMark }) : t('result.passMarkNeeded', { passMark })}
          </p>
          {/* Why not (yet), near the mark rather than under ten answers. */}
          {refusal && <p className="mb-0 mt-1">{refusal}</p>}
        </div>
        <ResponsiveTable regionLabel={t('result.answers')} className="quiz-result-table align-middle">
          <thead>
            <tr>
              <th scope="col">{t('result.number')}</th>
              <th scope="col">{t('result.question')}</th>
              <th scope="col">{t('result.yourAnswer')}</th>
              <th scope="col">{t('result.correctAnswer')}</th>
              <th scope="col" className="text-end">
                {t('result.mark')}
              </th>
            </tr>
          </thead>
          <tbody>
            {result.result.map((item, index) => (
              <tr key={item.question_id}>
                <td data-question={t('result.question')}>{number(index + 1)}</td>
                <td>
                  {item.question}
                  {item.explanation && (
                    <p className="quiz-explanation small text-body-secondary mt-1 mb-0">
                      <span className="fw-semibold">{t('result.explanation')}</span>
                      {item.explanation}
                    </p>
                  )}
                </td>
                <td data-label={t('result.yourAnswer')} className={item.mark > 0 ? 'text-success' : 'text-danger'}>
                  {item.answer ?? <span className="fst-italic">{t('result.notAnswered')}</span>}
                </td>
                <td data-label={t('result.correctAnswer')}>{item.correct_answer}</td>
                <td data-label={t('result.mark')} className="text-end">
                  <Badge bg={item.mark > 0 ? 'success' : 'secondary'}>{item.mark}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
        <div className="d-flex flex-wrap gap-2">
          {retake.allowed && (
            <Button variant="outline-primary" onClick={onRetake} disabled={isRetaking}>
              {isRetaking ? t('result.retaking') : t('result.retake')}
            </Button>
          )}
          <Link to={backHref} className="btn btn-primary">
            {t('backToCourse')}
          </Link>
        </div>
      </Card.Body>
    </Card>
  );
}
