import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { dateOfBirthBody, indiaToday, type DateOfBirthBody } from '@app/contracts';
import { errorMessage } from '@/lib/api-client';
import { useSaveDateOfBirth } from '@/lib/consent/save-date-of-birth';
import { TextField } from '@/components/ui/form';
import { notifications } from '@/components/ui/notifications';
import { SubmitButton } from '@/components/ui/submit-button';

/** The small form a learner without a date of birth meets at their first money action (PUT /consent/dob). */
export function DateOfBirthForm() {
  const { t } = useTranslation('consent');
  const save = useSaveDateOfBirth();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<DateOfBirthBody, unknown, { date_of_birth: string }>({
    resolver: zodResolver(dateOfBirthBody),
    mode: 'onTouched',
    defaultValues: { date_of_birth: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await save.mutateAsync(values);
      notifications.success(message);
    } catch (error) {
      notifications.error(errorMessage(error));
    }
  });
  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('dob.title')} className="consent-dob-form">
      <TextField
        id="consent-date-of-birth"
        label={t('dob.label')}
        type="date"
        autoComplete="bday"
        max={indiaToday(new Date())}
        registration={register('date_of_birth')}
        error={errors.date_of_birth?.message}
      />
      <SubmitButton isBusy={isSubmitting}>{t('dob.save')}</SubmitButton>
    </Form>
  );
}
