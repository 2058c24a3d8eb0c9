import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { BatchData, CourseItem, CourseLanguage } from '@app/contracts';
import { PageHeader } from '@/components/ui/page-header';
import { LoadError } from '@/components/ui/load-error';
import { PageLoading } from '@/components/ui/loading-overlay';
import { useCategories } from '../api/get-categories';
import { useCourses } from '../api/get-courses';
import { useFilteredCourses } from '../api/filter-courses';
import { CategoryFilter } from './category-filter';
import { CourseDetailsModal } from './course-details-modal';
import { CourseGrid } from './course-grid';
import { courseOffer, schoolSubjectOffer, type CourseOffer } from './course-offer';
import { DemoVideoModal } from './demo-video-modal';
import { courseLanguageParam, LanguageFilter } from './language-filter';
import './courses.css';

type Dialog = { kind: 'details' | 'demo'; course: CourseItem; offer: CourseOffer } | null;

interface CoursesPageProps {
  /** The learner's batch (GET /batch): undefined while it loads or when it failed, null when they have none. */
  schoolBatch?: BatchData | null | undefined;
  /** Shown above the school subjects, e.g. the batch fee offer while it is unpaid. */
  schoolNotice?: ReactNode;
  /**
   * The courses the learner already has (GET /learn): they 'Open' instead of 'Buy Now'
   * (docs/product/catalogue-and-checkout.md#owned-courses). Undefined while they load: 'Buy Now' until then, and the checkout refuses a second purchase.
   */
  ownedCourseIds?: ReadonlySet<number> | undefined;
}

/**
 * Courses (docs/product/catalogue-and-checkout.md#courses): category filters, the catalogue, and the learner's school subjects,
 * which open through their batch instead of being sold one by one (docs/product/onboarding.md#school-batches).
 * The language filter (issue 16) is kept in the address (`?language=hi`), so a reload or a shared
 * link shows the same courses; without it, every language.
 */
export function CoursesPage({ schoolBatch, schoolNotice, ownedCourseIds }: CoursesPageProps = {}) {
  const { t } = useTranslation('catalogue');
  const [searchParams, setSearchParams] = useSearchParams();
  const language = courseLanguageParam(searchParams.get('language'));
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const categories = useCategories();
  const all = useCourses(language);
  const filtered = useFilteredCourses(categoryId, language);
  const chooseLanguage = (next: CourseLanguage | undefined) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next) params.set('language', next);
        else params.delete('language');
        return params;
      },
      { replace: true },
    );

  const list = categoryId === null ? all : filtered;
  const courses = categoryId === null ? all.data?.course : filtered.data;
  const school = all.data?.school ?? [];
  const catalogueOffer = (course: CourseItem) => courseOffer(course, ownedCourseIds);
  // A school subject says what it is part of ('Included in your batch'); owned says 'Open' when the batch is unknown.
  const schoolOffer = (course: CourseItem) => {
    const batchOffer = schoolSubjectOffer(schoolBatch);
    return batchOffer.kind === 'open' ? batchOffer : courseOffer(course, ownedCourseIds, batchOffer);
  };
  const showDetails = (offerFor: (course: CourseItem) => CourseOffer) => (course: CourseItem) =>
    setDialog({ kind: 'details', course, offer: offerFor(course) });

  const loading = <PageLoading label={t('courses.loading')} />;

  return (
    <>
      <PageHeader title={t('courses.title')} />
      {/* The filters and the courses show once the categories are known: on a phone the categories' rows sit above the
          language filter and the courses, and arriving after them they pushed both down under a tap. */}
      {categories.isPending ? (
        loading
      ) : (
        <>
          <div className="d-flex flex-column flex-md-row align-items-md-start justify-content-between gap-3 mb-4">
            <CategoryFilter
              categories={categories.data ?? []}
              selected={categoryId}
              onSelect={setCategoryId}
              className=""
            />
            <LanguageFilter selected={language} onSelect={chooseLanguage} />
          </div>

          <section aria-label={t('courses.title')} aria-busy={list.isFetching}>
            {list.isPending ? (
              loading
            ) : list.isError ? (
              <LoadError error={list.error} onRetry={() => list.refetch()} isRetrying={list.isFetching} />
            ) : courses && courses.length > 0 ? (
              <CourseGrid
                courses={courses}
                offerFor={catalogueOffer}
                onShowDetails={showDetails(catalogueOffer)}
                isFirstOnPage
              />
            ) : (
              <p className="text-body-secondary py-4">{t('courses.empty')}</p>
            )}
          </section>
        </>
      )}

      {school.length > 0 && (
        <section className="mt-5" aria-labelledby="school-subjects-title">
          <h2 id="school-subjects-title" className="h4 mb-3">
            {t('courses.schoolSubjects')}
          </h2>
          {schoolNotice && <div className="mb-4">{schoolNotice}</div>}
          <CourseGrid courses={school} offerFor={schoolOffer} onShowDetails={showDetails(schoolOffer)} />
        </section>
      )}

      <CourseDetailsModal
        course={dialog?.kind === 'details' ? dialog.course : null}
        offer={dialog?.offer}
        onHide={() => setDialog(null)}
        onPlayDemo={(course) => setDialog(dialog && { ...dialog, kind: 'demo', course })}
      />
      <DemoVideoModal
        course={dialog?.kind === 'demo' ? dialog.course : null}
        onHide={() => setDialog(dialog && { ...dialog, kind: 'details' })}
      />
    </>
  );
}
