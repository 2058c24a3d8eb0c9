import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CourseItem } from '@app/contracts';
import { paths } from '@/config/paths';
import { CourseImage } from './course-image';
import { CourseOfferLink, CourseOfferPrice, type CourseOffer } from './course-offer';
import { LanguageBadge } from './language-badge';

/**
 * One course: image, name (a link to its course page, with the curriculum), language, prices,
 * 'More Details' and 'Buy Now' (or 'Open' when owned, or a school subject's way in).
 */
export function CourseCard({
  course,
  offer = { kind: 'buy' },
  onShowDetails,
  isPriority = false,
}: {
  course: CourseItem;
  offer?: CourseOffer;
  onShowDetails: (course: CourseItem) => void;
  /** Its picture is fetched first (the first card on the page). */
  isPriority?: boolean;
}) {
  const { t } = useTranslation('catalogue');
  return (
    <Card as="article" className="course-card h-100 shadow-sm border-0" aria-labelledby={`course-${course.id}-name`}>
      <CourseImage path={course.photo_path} className="card-img-top" isPriority={isPriority} />
      <Card.Body className="d-flex flex-column gap-2">
        <Card.Title as="h2" id={`course-${course.id}-name`} className="h6 mb-0">
          <Link to={paths.courseDetail.getHref(course.id)} className="course-card-link">
            {course.name}
          </Link>
        </Card.Title>
        <div>
          <LanguageBadge language={course.language} />
        </div>
        <CourseOfferPrice course={course} offer={offer} className="mt-auto" />
        <div className="d-flex gap-2">
          <Button
            variant="outline-primary"
            size="sm"
            className="flex-fill"
            onClick={() => onShowDetails(course)}
            aria-label={t('card.moreDetailsLabel', { name: course.name })}
          >
            {t('card.moreDetails')}
          </Button>
          <CourseOfferLink course={course} offer={offer} className="btn-sm flex-fill" isLabelled />
        </div>
      </Card.Body>
    </Card>
  );
}
