import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import type { CourseItem } from '@app/contracts';
import { paths } from '@/config/paths';
import { CourseImage } from './course-image';
import { CoursePrice } from './course-price';

/** One course of the catalogue: image, name, prices, 'More Details' and 'Buy Now'. */
export function CourseCard({ course, onShowDetails, isPriority = false }: {
  course: CourseItem;
  onShowDetails: (course: CourseItem) => void;
  /** Its picture is fetched first (the first card on the page). */
  isPriority?: boolean;
}) {
  return (
    <Card as="article" className="course-card h-100 shadow-sm border-0" aria-labelledby={`course-${course.id}-name`}>
      <CourseImage path={course.photo_path} className="card-img-top" isPriority={isPriority} />
      <Card.Body className="d-flex flex-column gap-2">
        <Card.Title as="h2" id={`course-${course.id}-name`} className="h6 mb-0">{course.name}</Card.Title>
        <CoursePrice price={course.price} offerPrice={course.offer_price} className="mt-auto" />
        <div className="d-flex gap-2">
          <Button
            variant="outline-primary"
            size="sm"
            className="flex-fill"
            onClick={() => onShowDetails(course)}
            aria-label={`More Details: ${course.name}`}
          >
            More Details
          </Button>
          <Link
            to={paths.checkout.getHref(course.id)}
            className="btn btn-primary btn-sm flex-fill"
            aria-label={`Buy Now: ${course.name}`}
          >
            Buy Now
          </Link>
        </div>
      </Card.Body>
    </Card>
  );
}
