import type { CourseItem } from '@app/contracts';
import { CourseCard } from './course-card';
import type { CourseOffer } from './course-offer';

interface CourseGridProps {
  courses: CourseItem[];
  /** How each card offers its course (default 'Buy Now'). */
  offerFor?: (course: CourseItem) => CourseOffer;
  onShowDetails: (course: CourseItem) => void;
  /** The grid opens the page: its first picture is fetched first. */
  isFirstOnPage?: boolean;
}

/** Cards in a responsive grid. */
export function CourseGrid({ courses, offerFor, onShowDetails, isFirstOnPage = false }: CourseGridProps) {
  return (
    <div className="row row-cols-1 row-cols-sm-2 row-cols-xl-3 row-cols-xxl-4 g-4">
      {courses.map((course, index) => (
        <div className="col" key={course.id}>
          <CourseCard
            course={course}
            offer={offerFor?.(course)}
            onShowDetails={onShowDetails}
            isPriority={isFirstOnPage && index === 0}
          />
        </div>
      ))}
    </div>
  );
}
