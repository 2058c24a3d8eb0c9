import Card from 'react-bootstrap/Card';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LearnCourseItem } from '@app/contracts';
import { paths } from '@/config/paths';
import { useFormat } from '@/lib/format';
import { CourseThumbnail } from './course-thumbnail';

/** A purchased course: percent done, 'View More', and 'Certificate' once one is issued. */
export function LearnCourseCard({ course }: { course: LearnCourseItem }) {
  const { t } = useTranslation('learning');
  const { number } = useFormat();
  const percent = course.progress_percent;
  const titleId = `learn-course-${course.id}`;
  return (
    <Card as="article" className="learn-card h-100 border-0 shadow-sm" aria-labelledby={titleId}>
      <CourseThumbnail path={course.photo_path} className="card-img-top" />
      <Card.Body className="d-flex flex-column gap-2">
        <Card.Title as="h2" id={titleId} className="h6 mb-0">
          {course.name}
        </Card.Title>
        <div className="mt-auto">
          <div className="d-flex justify-content-between small text-body-secondary mb-1">
            <span>{t('card.progress')}</span>
            <span>{t('card.percentDone', { percent: number(percent) })}</span>
          </div>
          {/* The name goes on the inner bar (role progressbar); on the outer one it would name a plain div. */}
          <ProgressBar style={{ height: '0.5rem' }}>
            <ProgressBar now={percent} variant="success" aria-label={t('card.progressLabel', { name: course.name })} />
          </ProgressBar>
        </div>
        <div className="d-flex gap-2 mt-2">
          <Link
            to={paths.learnMore.getHref(course.id)}
            className="btn btn-primary btn-sm flex-fill"
            aria-label={t('card.viewMoreLabel', { name: course.name })}
          >
            {t('card.viewMore')}
          </Link>
          {/* The address the API builds (its CERTIFICATE_BASE_URL or APP_URL), so that the card, the PDF's QR code and the console agree. */}
          {course.certificate_url && (
            <a
              href={course.certificate_url}
              target="_blank"
              rel="noopener"
              className="btn btn-outline-success btn-sm flex-fill"
              aria-label={t('card.certificateLabel', { name: course.name })}
            >
              {t('card.certificate')}
            </a>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
