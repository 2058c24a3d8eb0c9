import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import type { QuizResult } from '@app/contracts';
import { ResponsiveTable } from '@/components/ui/responsive-table';

/** A submitted quiz: 'Total Mark: X (Y%)', each question's answer, correct answer and mark, and the way back. */
export function QuizResultView({ result, backHref }: { result: QuizResult; backHref: string }) {
  return (
    <Card className="border-0 shadow-sm">
      <Card.Body className="p-lg-4">
        <h2 className="h4 mb-1">{`Total Mark: ${result.total_mark} (${result.mark_in_percentage}%)`}</h2>
        <p className="text-body-secondary mb-4">{`${result.total_mark} of ${result.total_questions} correct`}</p>
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
                <td>{item.question}</td>
                <td className={item.mark > 0 ? 'text-success' : 'text-danger'}>
                  {item.answer ?? <span className="fst-italic">Not answered</span>}
                </td>
                <td>{item.correct_answer}</td>
                <td className="text-end">
                  <Badge bg={item.mark > 0 ? 'success' : 'secondary'}>{item.mark}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
        <Link to={backHref} className="btn btn-primary">Back to Course</Link>
      </Card.Body>
    </Card>
  );
}
