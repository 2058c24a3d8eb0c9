import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import type { AdminCourse } from '@app/contracts';
import { formatInr } from '@app/contracts';
import { paths } from '@/config/paths';
import { mediaUrl } from '@/lib/media';
import { notifications } from '@/components/ui/notifications';
import { PageHeader } from '@/components/ui/page-header';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { AsyncContent, EmptyRow } from '../../components/async-content';
import { Pager } from '../../components/pager';
import { SearchForm } from '../../components/search-form';
import { useListParams } from '../../utils/list-params';
import { showServerError } from '../../utils/server-errors';
import { useCategories } from '../api/get-categories';
import { useCourses } from '../api/get-courses';
import { useUpdateCourse } from '../api/update-course';

const filterKeys = ['q', 'category_id', 'is_published'] as const;

/** Every course, published or not: search, filter, publish at a glance. */
export function CoursesPage() {
  const { page, filters, setPage, setFilters } = useListParams(filterKeys);
  const courses = useCourses({ page, ...filters });
  const categories = useCategories();
  const categoryName = (id: number | null) => categories.data?.find((c) => c.id === id)?.name ?? '—';

  return (
    <>
      <PageHeader title="Courses">
        <Link to={paths.adminNewCourse.getHref()} className="btn btn-primary">
          New course
        </Link>
      </PageHeader>
      <div className="admin-filters">
        <SearchForm
          name="q"
          label="Search courses"
          placeholder="Search by name"
          value={filters.q}
          onSearch={(q) => setFilters({ q })}
        />
        <Form.Select
          aria-label="Category"
          value={filters.category_id}
          className="w-auto"
          onChange={(event) => setFilters({ category_id: event.target.value })}
        >
          <option value="">All categories</option>
          {categories.data?.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </Form.Select>
        <Form.Select
          aria-label="Published"
          value={filters.is_published}
          className="w-auto"
          onChange={(event) => setFilters({ is_published: event.target.value })}
        >
          <option value="">Published and drafts</option>
          <option value="true">Published</option>
          <option value="false">Drafts</option>
        </Form.Select>
      </div>
      <AsyncContent query={courses}>
        <ResponsiveTable regionLabel="Courses" hover className="admin-table align-middle">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Image</span>
              </th>
              <th scope="col">Name</th>
              <th scope="col">Category</th>
              <th scope="col" className="text-end">
                Price
              </th>
              <th scope="col" className="text-end">
                Offer price
              </th>
              <th scope="col" className="text-center">
                Terms
              </th>
              <th scope="col" className="text-center">
                Paid
              </th>
              <th scope="col">Published</th>
            </tr>
          </thead>
          <tbody>
            {courses.data?.data.length === 0 && <EmptyRow colSpan={8}>No courses match.</EmptyRow>}
            {courses.data?.data.map((course) => (
              <tr key={course.id}>
                <td>
                  <img src={mediaUrl(course.photo_path) ?? '/images/avatar.svg'} alt="" className="admin-thumb" />
                </td>
                <td>
                  <Link to={paths.adminCourse.getHref(course.id)} className="fw-semibold">
                    {course.name}
                  </Link>
                </td>
                <td>{categoryName(course.category_id)}</td>
                <td className="text-end">{formatInr(course.price)}</td>
                <td className="text-end">{formatInr(course.offer_price)}</td>
                <td className="text-center">{course.terms_count}</td>
                <td className="text-center">{course.paid_purchases}</td>
                <td>
                  <PublishSwitch course={course} />
                </td>
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
        <Pager list={courses.data} onPage={setPage} label="Course pages" />
      </AsyncContent>
    </>
  );
}

/** Publishes or unpublishes a course in place (learners only ever see published ones). */
export function PublishSwitch({ course }: { course: AdminCourse }) {
  const update = useUpdateCourse();
  // Set in the change handler itself, so the switch shows the new state from the click on; the mutation's own
  // pending state arrives a render later, and in between React would put the controlled switch back.
  const [requested, setRequested] = useState<boolean | null>(null);
  const onChange = async (isPublished: boolean) => {
    setRequested(isPublished);
    try {
      await update.mutateAsync({ id: course.id, body: { is_published: isPublished } });
      notifications.success(isPublished ? `${course.name} is published.` : `${course.name} is unpublished.`);
    } catch (error) {
      showServerError(error);
    } finally {
      setRequested(null);
    }
  };
  return (
    <Form.Check
      type="switch"
      id={`publish-${course.id}`}
      checked={requested ?? course.is_published}
      disabled={requested !== null}
      onChange={(event) => void onChange(event.target.checked)}
      label={<span className="visually-hidden">Published: {course.name}</span>}
    />
  );
}
