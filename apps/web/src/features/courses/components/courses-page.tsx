import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import type { CourseItem } from '@app/contracts';
import { errorMessage } from '@/lib/api-client';
import { PageHeader } from '@/components/ui/page-header';
import { useCategories } from '../api/get-categories';
import { useCourses } from '../api/get-courses';
import { useFilteredCourses } from '../api/filter-courses';
import { CategoryFilter } from './category-filter';
import { CourseDetailsModal } from './course-details-modal';
import { CourseGrid } from './course-grid';
import { DemoVideoModal } from './demo-video-modal';
import './courses.css';

type Dialog = { kind: 'details' | 'demo'; course: CourseItem } | null;

/** Courses (spec section 2): category filters, the catalogue, and the learner's school subjects. */
export function CoursesPage() {
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const categories = useCategories();
  const all = useCourses();
  const filtered = useFilteredCourses(categoryId);

  const list = categoryId === null ? all : filtered;
  const courses = categoryId === null ? all.data?.course : filtered.data;
  const school = all.data?.school ?? [];
  const showDetails = (course: CourseItem) => setDialog({ kind: 'details', course });

  return (
    <>
      <PageHeader title="Courses" />
      <CategoryFilter categories={categories.data ?? []} selected={categoryId} onSelect={setCategoryId} />

      <section aria-label="Courses" aria-busy={list.isFetching}>
        {list.isPending ? (
          <div className="text-center py-5"><Spinner animation="border" variant="primary" role="status"><span className="visually-hidden">Loading courses…</span></Spinner></div>
        ) : list.isError ? (
          <Alert variant="danger">{errorMessage(list.error)}</Alert>
        ) : courses && courses.length > 0 ? (
          <CourseGrid courses={courses} onShowDetails={showDetails} isFirstOnPage />
        ) : (
          <p className="text-body-secondary py-4">No courses here yet.</p>
        )}
      </section>

      {school.length > 0 && (
        <section className="mt-5" aria-labelledby="school-subjects-title">
          <h2 id="school-subjects-title" className="h4 mb-3">School Subjects</h2>
          <CourseGrid courses={school} onShowDetails={showDetails} />
        </section>
      )}

      <CourseDetailsModal
        course={dialog?.kind === 'details' ? dialog.course : null}
        onHide={() => setDialog(null)}
        onPlayDemo={(course) => setDialog({ kind: 'demo', course })}
      />
      <DemoVideoModal
        course={dialog?.kind === 'demo' ? dialog.course : null}
        onHide={() => setDialog(dialog && { kind: 'details', course: dialog.course })}
      />
    </>
  );
}
