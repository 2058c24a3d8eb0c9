import Card from 'react-bootstrap/Card';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContinueData } from '@app/contracts';
import { paths } from '@/config/paths';
import { BookIcon } from '@/components/ui/icons';
import { useFormat } from '@/lib/format';

/** Where the Continue link leads: learn-more opens that chapter at its stored place. */
export const continueHref = (item: NonNullable<ContinueData>) =>
  `${paths.learnMore.getHref(item.course_id)}?subject=${item.subject_id}`;

/**
 * The chapter studied last (GET /continue, which app/ reads from learning), with the course's percent; nothing
 * until the learner has studied one.
 */
export function ContinueCard({ item }: { item: ContinueData | undefined }) {
  const { t } = useTranslation('dashboard');
  const { number } = useFormat();
  if (!item) return null;
  const titleId = 'continue-learning-title';
  return (
    <Card as="section" className="border-0 shadow-sm" aria-labelledby={titleId}>
      <Card.Body className="d-flex flex-column flex-sm-row gap-3 align-items-sm-center">
        <div className="flex-grow-1">
          <h2 id={titleId} className="h6 text-body-secondary text-uppercase small mb-1 d-flex align-items-center gap-1">
            <BookIcon /> {t('continue.title')}
          </h2>
          <p className="fw-semibold mb-0">{item.course_name}</p>
          <p className="small text-body-secondary mb-2">
            {item.subject_name} · {t(`continue.fileTypes.${item.file_type}`)}
          </p>
          <div className="d-flex justify-content-between small text-body-secondary mb-1">
            <span>{t('continue.progress')}</span>
            <span>{t('continue.done', { percent: number(item.percent) })}</span>
          </div>
          <ProgressBar style={{ height: '0.5rem' }}>
            <ProgressBar
              now={item.percent}
              variant="success"
              aria-label={t('continue.progressLabel', { course: item.course_name })}
            />
          </ProgressBar>
        </div>
        <Link
          to={continueHref(item)}
          className="btn btn-primary flex-shrink-0"
          aria-label={t('continue.actionLabel', { subject: item.subject_name })}
        >
          {t('continue.action')}
        </Link>
      </Card.Body>
    </Card>
  );
}
