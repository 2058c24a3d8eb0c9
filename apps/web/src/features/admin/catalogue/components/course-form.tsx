import { useForm } from 'react-hook-form';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import {
  COURSE_LANGUAGES,
  courseCreateBody,
  courseLanguageNames,
  type AdminBatch,
  type AdminCategory,
  type AdminCourse,
  type CourseLanguage,
} from '@app/contracts';
import { SelectField, TextAreaField, TextField } from '@/components/ui/form';
import { notifications } from '@/components/ui/notifications';
import { SubmitButton } from '@/components/ui/submit-button';
import { allOf, AsyncContent } from '../../components/async-content';
import { SwitchField } from '../../components/fields';
import { formResolver } from '../../utils/form-resolver';
import { showServerError } from '../../utils/server-errors';
import { useCreateCourse, type CourseInput } from '../api/create-course';
import { useBatches } from '../../api/get-batches';
import { useCategories } from '../api/get-categories';
import { useUpdateCourse } from '../api/update-course';

interface CourseFormValues {
  name: string;
  about: string;
  category_id: string;
  batch_id: string;
  price: string;
  offer_price: string;
  is_published: boolean;
  language: CourseLanguage;
}

const fields = [
  'name',
  'about',
  'category_id',
  'batch_id',
  'price',
  'offer_price',
  'is_published',
  'language',
] as const;

const valuesOf = (course?: AdminCourse): CourseFormValues => ({
  name: course?.name ?? '',
  about: course?.about ?? '',
  category_id: course?.category_id ? String(course.category_id) : '',
  batch_id: course?.batch_id ? String(course.batch_id) : '',
  price: course ? String(course.price) : '',
  offer_price: course ? String(course.offer_price) : '',
  is_published: course?.is_published ?? false,
  language: course?.language ?? 'en',
});

interface CourseFormProps {
  /** The course to edit; a new one when absent. */
  course?: AdminCourse;
  onSaved?: (course: AdminCourse) => void;
}

/**
 * A course's details: name, about, category, batch, prices (rupees), language and whether learners see it.
 * The form waits for the category and batch lists: a select mounted before its options would show
 * (and save) 'none'.
 */
export function CourseForm(props: CourseFormProps) {
  const categories = useCategories();
  const batches = useBatches();
  return (
    <AsyncContent query={allOf(categories, batches)}>
      {categories.data && batches.data && (
        <CourseFields {...props} categories={categories.data} batches={batches.data} />
      )}
    </AsyncContent>
  );
}

function CourseFields({
  course,
  onSaved,
  categories,
  batches,
}: CourseFormProps & { categories: AdminCategory[]; batches: AdminBatch[] }) {
  const create = useCreateCourse();
  const update = useUpdateCourse();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CourseFormValues, unknown, CourseInput>({
    resolver: formResolver(courseCreateBody),
    mode: 'onTouched',
    defaultValues: valuesOf(course),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data } = course
        ? await update.mutateAsync({ id: course.id, body: values })
        : await create.mutateAsync(values);
      notifications.success(course ? 'Course saved.' : 'Course created.');
      reset(valuesOf(data));
      onSaved?.(data);
    } catch (error) {
      showServerError(error, { setError, fields });
    }
  });

  const prefix = course ? `course-${course.id}` : 'course-new';
  return (
    <Form noValidate onSubmit={onSubmit} aria-label={course ? 'Course details' : 'New course'}>
      <TextField id={`${prefix}-name`} label="Name" registration={register('name')} error={errors.name?.message} />
      <TextAreaField
        id={`${prefix}-about`}
        label="About"
        rows={4}
        registration={register('about')}
        error={errors.about?.message}
      />
      <Row>
        <Col md={6}>
          <SelectField
            id={`${prefix}-category`}
            label="Category"
            registration={register('category_id')}
            error={errors.category_id?.message}
          >
            <option value="">No category</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </SelectField>
        </Col>
        <Col md={6}>
          <SelectField
            id={`${prefix}-batch`}
            label="Batch"
            registration={register('batch_id')}
            error={errors.batch_id?.message}
            hint="A batch's course is sold with the batch."
          >
            <option value="">No batch</option>
            {batches.map((batch) => (
              <option key={batch.id} value={batch.id}>
                {batch.name}
              </option>
            ))}
          </SelectField>
        </Col>
      </Row>
      <Row>
        <Col sm={6}>
          <TextField
            id={`${prefix}-price`}
            label="Price (₹)"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            registration={register('price')}
            error={errors.price?.message}
          />
        </Col>
        <Col sm={6}>
          <TextField
            id={`${prefix}-offer-price`}
            label="Offer price (₹)"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            registration={register('offer_price')}
            error={errors.offer_price?.message}
          />
        </Col>
      </Row>
      <Row>
        <Col md={6}>
          <SelectField
            id={`${prefix}-language`}
            label="Language"
            registration={register('language')}
            error={errors.language?.message}
            hint="The language it is taught in, shown on its card and course page."
          >
            {COURSE_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {courseLanguageNames[language]}
              </option>
            ))}
          </SelectField>
        </Col>
      </Row>
      <SwitchField
        id={`${prefix}-published`}
        label="Published"
        registration={register('is_published')}
        error={errors.is_published?.message}
        hint="Learners see published courses only."
      />
      <SubmitButton isBusy={isSubmitting}>{course ? 'Save course' : 'Create course'}</SubmitButton>
    </Form>
  );
}
