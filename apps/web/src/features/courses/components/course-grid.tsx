import type { CourseItem } from '@app/contracts';
import { CourseCard } from './course-card';

/** Cards in a responsive grid. */
export function CourseGrid({ courses, onShowDetails }: { courses: CourseItem[]; onShowDetails: (course: CourseItem) => void }) {
  return (
    <div className="row row-cols-1 row-cols-sm-2 row-cols-xl-3 row-cols-xxl-4 g-4">
      {courses.map((course) => (
        <div className="col" key={course.id}>
          <CourseCard course={course} onShowDetails={onShowDetails} />
        </div>
      ))}
    </div>
  );
}
