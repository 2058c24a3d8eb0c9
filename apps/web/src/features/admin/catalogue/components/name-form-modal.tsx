import { useForm } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { Modal } from '@/components/ui/modal';
import { categoryBody } from '@app/contracts';
import { TextField } from '@/components/ui/form';
import { SubmitButton } from '@/components/ui/submit-button';
import { ModalForm } from '../../components/modal-form';
import { formResolver } from '../../utils/form-resolver';
import { showServerError } from '../../utils/server-errors';

interface NameFormModalProps {
  title: string;
  name: string;
  /** Saves the name; a thrown ApiError shows by the field or in a toast. */
  onSave: (name: string) => Promise<void>;
  onClose: () => void;
}

/** Rename something that is only a name (a category, a syllabus). */
export function NameFormModal({ title, name, onSave, onClose }: NameFormModalProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ name: string }, unknown, { name: string }>({
    resolver: formResolver(categoryBody),
    mode: 'onTouched',
    defaultValues: { name },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await onSave(values.name);
      onClose();
    } catch (error) {
      showServerError(error, { setError, fields: ['name'] });
    }
  });
  return (
    <Modal show onHide={onClose} centered aria-labelledby="name-form-title">
      <ModalForm
        titleId="name-form-title"
        title={title}
        submitLabel="Save"
        isBusy={isSubmitting}
        onSubmit={onSubmit}
        onClose={onClose}
      >
        <TextField
          id="rename-name"
          label="Name"
          registration={register('name')}
          error={errors.name?.message}
          className="mb-0"
        />
      </ModalForm>
    </Modal>
  );
}

/** A one-field form that adds something by name, inline above its list. */
export function AddByNameForm({
  id,
  label,
  onAdd,
}: {
  id: string;
  label: string;
  onAdd: (name: string) => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ name: string }, unknown, { name: string }>({
    resolver: formResolver(categoryBody),
    defaultValues: { name: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await onAdd(values.name);
      reset({ name: '' });
    } catch (error) {
      showServerError(error, { setError, fields: ['name'] });
    }
  });
  const error = errors.name?.message;
  return (
    <Form noValidate onSubmit={onSubmit} className="mb-3" aria-label={label}>
      <InputGroup hasValidation>
        <Form.Control
          id={id}
          placeholder={label}
          aria-label={label}
          {...register('name')}
          isInvalid={Boolean(error)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <SubmitButton isBusy={isSubmitting} className="text-nowrap">
          Add
        </SubmitButton>
        {error && (
          <Form.Control.Feedback id={`${id}-error`} type="invalid">
            {error}
          </Form.Control.Feedback>
        )}
      </InputGroup>
    </Form>
  );
}
