import { useForm } from 'react-hook-form';
import { Modal } from '@/components/ui/modal';
import { termCreateBody, type AdminTerm } from '@app/contracts';
import { TextAreaField, TextField } from '@/components/ui/form';
import { notifications } from '@/components/ui/notifications';
import { ModalForm } from '../../components/modal-form';
import { formResolver } from '../../utils/form-resolver';
import { showServerError } from '../../utils/server-errors';
import { useCreateTerm, type TermInput } from '../api/create-term';
import { useUpdateTerm } from '../api/update-term';

interface TermFormValues {
  name: string;
  about: string;
  position: string;
}

const fields = ['name', 'about', 'position'] as const;

interface TermFormModalProps {
  courseId: number;
  /** The term to edit; a new one when absent. */
  term?: AdminTerm;
  /** Where a new term goes when no position is given. */
  nextPosition: number;
  onClose: () => void;
}

/** Add or edit a term: name, about, position (terms are listed by position). */
export function TermFormModal({ courseId, term, nextPosition, onClose }: TermFormModalProps) {
  const create = useCreateTerm(courseId);
  const update = useUpdateTerm(courseId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TermFormValues, unknown, TermInput>({
    resolver: formResolver(termCreateBody),
    mode: 'onTouched',
    defaultValues: {
      name: term?.name ?? '',
      about: term?.about ?? '',
      position: String(term?.position ?? nextPosition),
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (term) await update.mutateAsync({ id: term.id, body: values });
      else await create.mutateAsync({ courseId, body: values });
      notifications.success(term ? 'Term saved.' : 'Term added.');
      onClose();
    } catch (error) {
      showServerError(error, { setError, fields });
    }
  });

  return (
    <Modal show onHide={onClose} centered aria-labelledby="term-form-title">
      <ModalForm
        titleId="term-form-title"
        title={term ? 'Edit term' : 'Add a term'}
        submitLabel={term ? 'Save term' : 'Add term'}
        isBusy={isSubmitting}
        onSubmit={onSubmit}
        onClose={onClose}
      >
        <TextField id="term-name" label="Name" registration={register('name')} error={errors.name?.message} />
        <TextAreaField
          id="term-about"
          label="About"
          rows={3}
          registration={register('about')}
          error={errors.about?.message}
        />
        <TextField
          id="term-position"
          label="Position"
          type="number"
          min={0}
          step={1}
          className="mb-0"
          registration={register('position')}
          error={errors.position?.message}
        />
      </ModalForm>
    </Modal>
  );
}
