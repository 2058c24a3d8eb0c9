import Card from 'react-bootstrap/Card';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { Link } from 'react-router';
import type { ContinueData, FileType } from '@app/contracts';
import { paths } from '@/config/paths';
import { BookIcon } from '@/components/ui/icons';
import { useContinue } from '@/features/learn/api/get-continue';

const fileTypeLabel: Record<FileType, string> = { pdf: 'PDF', youtube: 'YouTube', video: 'Video', link: 'Link' };

/** Where the Continue link leads: learn-more opens that chapter at its stored place. */
export const continueHref = (item: NonNullable<ContinueData>) => `${paths.learnMore.getHref(item.course_id)}?subject=${item.subject_id}`;

/** The chapter studied last, with the course's percent; nothing until the learner has studied one. */
export function ContinueCard() {
  const item = useContinue().data;
  if (!item) return null;
  const titleId = 'continue-learning-title';
  return (
    <Card as="section" className="border-0 shadow-sm" aria-labelledby={titleId}>
      <Card.Body className="d-flex flex-column flex-sm-row gap-3 align-items-sm-center">
        <div className="flex-grow-1">
          <h2 id={titleId} className="h6 text-body-secondary text-uppercase small mb-1 d-flex align-items-center gap-1">
            <BookIcon /> Continue learning
          </h2>
          <p className="fw-semibold mb-0">{item.course_name}</p>
          <p className="small text-body-secondary mb-2">
            {item.subject_name} · {fileTypeLabel[item.file_type]}
          </p>
          <div className="d-flex justify-content-between small text-body-secondary mb-1">
            <span>Progress</span>
            <span>{`${item.percent}% done`}</span>
          </div>
          <ProgressBar style={{ height: '0.5rem' }}>
            <ProgressBar now={item.percent} variant="success" aria-label={`${item.course_name} progress`} />
          </ProgressBar>
        </div>
        <Link to={continueHref(item)} className="btn btn-primary flex-shrink-0" aria-label={`Continue: ${item.subject_name}`}>
          Continue
        </Link>
      </Card.Body>
    </Card>
  );
}
