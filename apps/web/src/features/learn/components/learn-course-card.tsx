import Card from 'react-bootstrap/Card';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { Link } from 'react-router';
import type { LearnCourseItem } from '@app/contracts';
import { paths } from '@/config/paths';
import { certificateHref } from '../config';
import { CourseThumbnail } from './course-thumbnail';

/** A purchased course: percent done, 'View More', and 'Certificate' once one is issued. */
export function LearnCourseCard({ course }: { course: LearnCourseItem }) {
  const percent = course.progress_percent;
  const titleId = `learn-course-${course.id}`;
  return (
    <Card as="article" className="learn-card h-100 border-0 shadow-sm" aria-labelledby={titleId}>
      <CourseThumbnail path={course.photo_path} className="card-img-top" />
      <Card.Body className="d-flex flex-column gap-2">
        <Card.Title as="h2" id={titleId} className="h6 mb-0">{course.name}</Card.Title>
        <div className="mt-auto">
          <div className="d-flex justify-content-between small text-body-secondary mb-1">
            <span>Progress</span>
            <span>{`${percent}% done`}</span>
          </div>
          {/* The name goes on the inner bar (role progressbar); on the outer one it would name a plain div. */}
          <ProgressBar style={{ height: '0.5rem' }}>
            <ProgressBar now={percent} variant="success" aria-label={`${course.name} progress`} />
          </ProgressBar>
        </div>
        <div className="d-flex gap-2 mt-2">
          <Link to={paths.learnMore.getHref(course.id)} className="btn btn-primary btn-sm flex-fill" aria-label={`View More: ${course.name}`}>
            View More
          </Link>
          {course.certificate_id && (
            <a
              href={certificateHref(course.certificate_id)}
              target="_blank"
              rel="noopener"
              className="btn btn-outline-success btn-sm flex-fill"
              aria-label={`Certificate: ${course.name}`}
            >
              Certificate
            </a>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
