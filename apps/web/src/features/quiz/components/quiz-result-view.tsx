import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import type { QuizResult } from '@app/contracts';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { busyLabel } from '@/components/ui/submit-button';

interface QuizResultViewProps {
  result: QuizResult;
  backHref: string;
  onRetake: () => void;
  isRetaking: boolean;
}

/** 'Attempt 2 of 3 · Best 70%': the best attempt is the one that counts for the certificate. */
const attemptLine = (result: QuizResult) =>
  `Attempt ${result.attempt} of ${result.max_attempts} · Best ${result.best_mark_in_percentage}%`;

/**
 * A submitted quiz: 'Total Mark: X (Y%)', the attempt and best mark with why a retake is not
 * possible (yet), each question's answer, correct answer, mark and explanation, then Retake when
 * the server allows it and the way back. Below the `sm` breakpoint quiz.css lays each row out as
 * a card, so nothing needs sideways scrolling.
 */
export function QuizResultView({ result, backHref, onRetake, isRetaking }: QuizResultViewProps) {
  const { retake } = result;
  return (
    <Card className="border-0 shadow-sm">
      <Card.Body className="p-lg-4">
        <h2 className="h4 mb-1">{`Total Mark: ${result.total_mark} (${result.mark_in_percentage}%)`}</h2>
        <p className="text-body-secondary mb-1">{`${result.total_mark} of ${result.total_questions} correct`}</p>
        <div className="small mb-4">
          <p className="text-body-secondary mb-0">{attemptLine(result)}</p>
          {/* Why not (yet), near the mark rather than under ten answers. */}
          {!retake.allowed && retake.reason && <p className="mb-0 mt-1">{retake.reason}</p>}
        </div>
        <ResponsiveTable regionLabel="Answers" className="quiz-result-table align-middle">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Question</th>
              <th scope="col">Your answer</th>
              <th scope="col">Correct answer</th>
              <th scope="col" className="text-end">Mark</th>
            </tr>
          </thead>
          <tbody>
            {result.result.map((item, index) => (
              <tr key={item.question_id}>
                <td>{index + 1}</td>
                <td>
                  {item.question}
                  {item.explanation && (
                    <p className="quiz-explanation small text-body-secondary mt-1 mb-0">
                      <span className="fw-semibold">Explanation: </span>{item.explanation}
                    </p>
                  )}
                </td>
                <td data-label="Your answer" className={item.mark > 0 ? 'text-success' : 'text-danger'}>
                  {item.answer ?? <span className="fst-italic">Not answered</span>}
                </td>
                <td data-label="Correct answer">{item.correct_answer}</td>
                <td data-label="Mark" className="text-end">
                  <Badge bg={item.mark > 0 ? 'success' : 'secondary'}>{item.mark}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
        <div className="d-flex flex-wrap gap-2">
          {retake.allowed && (
            <Button variant="outline-primary" onClick={onRetake} disabled={isRetaking}>{isRetaking ? busyLabel : 'Retake'}</Button>
          )}
          <Link to={backHref} className="btn btn-primary">Back to Course</Link>
        </div>
      </Card.Body>
    </Card>
  );
}
