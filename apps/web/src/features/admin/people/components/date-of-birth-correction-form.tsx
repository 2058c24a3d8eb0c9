import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import {
  adminDateOfBirthBody,
  indiaToday,
  type AdminDateOfBirthBody,
  type AdminDateOfBirthInput,
} from '@app/contracts';
import { TextField } from '@/components/ui/form';
import { notifications } from '@/components/ui/notifications';
import { SubmitButton } from '@/components/ui/submit-button';
import { formResolver } from '../../utils/form-resolver';
import { showServerError } from '../../utils/server-errors';
import { useCorrectDateOfBirth } from '../api/correct-date-of-birth';

/**
 * The operator's correction of a date of birth, on the learner's or the guardian's written request
 * (decision 024): either way, unlike the learner's own forms; audited with the old and the new date.
 */
export function DateOfBirthCorrectionForm({ userId, dateOfBirth }: { userId: number; dateOfBirth: string | null }) {
  const correct = useCorrectDateOfBirth();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AdminDateOfBirthBody, unknown, AdminDateOfBirthInput>({
    resolver: formResolver(adminDateOfBirthBody),
    mode: 'onTouched',
    defaultValues: { date_of_birth: dateOfBirth ?? '' },
  });
  const send = async (body: AdminDateOfBirthInput) => {
    try {
      const { message } = await correct.mutateAsync({ id: userId, body });
      notifications.success(message);
    } catch (error) {
      showServerError(error, { setError, fields: ['date_of_birth'] });
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void handleSubmit(send)(event);
  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Correct date of birth" style={{ maxWidth: '20rem' }}>
      <TextField
        id="admin-date-of-birth"
        label="Corrected date of birth"
        type="date"
        max={indiaToday(new Date())}
        registration={register('date_of_birth')}
        error={errors.date_of_birth?.message}
      />
      <p className="small text-body-secondary">
        Only on the learner&apos;s or guardian&apos;s written request. It decides whether a guardian must agree; the
        change is audited.
      </p>
      <SubmitButton isBusy={isSubmitting || correct.isPending} size="sm">
        Correct date of birth
      </SubmitButton>
    </Form>
  );
}
