import Button from 'react-bootstrap/Button';
import { Modal } from '@/components/ui/modal';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CourseItem } from '@app/contracts';
import { paths } from '@/config/paths';
import { CourseImage } from './course-image';
import { CourseOfferLink, CourseOfferPrice, type CourseOffer } from './course-offer';
import { LanguageBadge } from './language-badge';

interface CourseDetailsModalProps {
  course: CourseItem | null;
  /** How the course is offered (default 'Buy Now'). */
  offer?: CourseOffer;
  onHide: () => void;
  onPlayDemo: (course: CourseItem) => void;
}

/**
 * 'More Details': image, prices, name, about, 'Play Demo' (when there is a demo video) and 'Buy Now'
 * (for a school subject: its batch's way in, as on its card; 'Open' when owned), and a link to the
 * course page with the curriculum.
 */
export function CourseDetailsModal({ course, offer = { kind: 'buy' }, onHide, onPlayDemo }: CourseDetailsModalProps) {
  const { t } = useTranslation('catalogue');
  return (
    <Modal show={course !== null} onHide={onHide} centered size="lg" aria-labelledby="course-details-title">
      {course && (
        <>
          <Modal.Header closeButton closeLabel={t('details.close')}>
            <Modal.Title id="course-details-title" as="h2" className="h5">
              {course.name}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <div className="row g-3">
              <div className="col-md-5">
                <CourseImage path={course.photo_path} alt="" className="rounded w-100" />
              </div>
              <div className="col-md-7 d-flex flex-column gap-2">
                <CourseOfferPrice course={course} offer={offer} />
                <div>
                  <LanguageBadge language={course.language} />
                </div>
                <p className="mb-0 course-about">{course.about}</p>
                <Link to={paths.courseDetail.getHref(course.id)} className="small">
                  {t('details.seeCurriculum')}
                </Link>
              </div>
            </div>
          </Modal.Body>
          <Modal.Footer>
            {course.video_path && (
              <Button variant="outline-primary" onClick={() => onPlayDemo(course)}>
                {t('details.playDemo')}
              </Button>
            )}
            <CourseOfferLink course={course} offer={offer} />
          </Modal.Footer>
        </>
      )}
    </Modal>
  );
}
