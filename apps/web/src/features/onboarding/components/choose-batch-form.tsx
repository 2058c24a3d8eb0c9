import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { addClassBody, type AddClassBody } from '@app/contracts';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSaveDateOfBirth } from '@/lib/consent/save-date-of-birth';
import { useAppMessage } from '@/lib/i18n';
import { afterTap } from '@/components/ui/form';
import { notifications } from '@/components/ui/notifications';
import { SubmitButton } from '@/components/ui/submit-button';
import { useAddClass, type AddClassInput } from '../api/add-class';
import { useSendEmailOtp } from '../api/send-email-otp';
import { useStandards } from '../api/get-standards';
import { useSyllabuses } from '../api/get-syllabuses';
import { DateOfBirthField } from './date-of-birth-field';

/** Choose My Batch: syllabus, then standard, then Submit; or 'General Course' (docs/product/onboarding.md#choose-my-batch). */
export function ChooseBatchForm({ onDone }: { onDone: () => void }) {
  // A failed syllabus fetch is ignored silently (docs/product/onboarding.md#choose-my-batch): the list just stays empty.
  const { t } = useTranslation('onboarding');
  const message = useAppMessage();
  const syllabuses = useSyllabuses();
  const addClass = useAddClass();
  const sendOtp = useSendEmailOtp();
  const saveDateOfBirth = useSaveDateOfBirth();
  const {
    register,
    handleSubmit,
    control,
    setValue,
    trigger,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<AddClassBody, unknown, AddClassInput>({
    resolver: zodResolver(addClassBody),
    mode: 'onTouched',
    defaultValues: { syllabus: '', standard: '', date_of_birth: '' },
  });
  const chosenSyllabus = Number(useWatch({ control, name: 'syllabus' }));
  const syllabusId = chosenSyllabus > 0 ? chosenSyllabus : null;
  const standards = useStandards(syllabusId);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const response = await addClass.mutateAsync(values);
      if (response.message) notifications.success(response.message);
      onDone();
    } catch (error) {
      notifications.error(errorMessage(error));
    }
  });

  const chooseGeneralCourse = async () => {
    // The date of birth is asked for either choice (issue 16).
    if (!(await trigger('date_of_birth'))) return;
    try {
      await saveDateOfBirth.mutateAsync({ date_of_birth: getValues('date_of_birth') });
      const response = await sendOtp.mutateAsync();
      notifications.success(response.message);
      onDone();
    } catch (error) {
      notifications.error(errorMessage(error));
      // 429: a code went out a minute ago; 400: already verified (Verify sends the learner on).
      if (error instanceof ApiError && (error.status === 429 || error.status === 400)) onDone();
    }
  };

  const isBusy = isSubmitting || sendOtp.isPending || saveDateOfBirth.isPending;

  return (
    <Form noValidate onSubmit={onSubmit}>
      <Form.Group className="mb-3" controlId="batch-syllabus">
        <Form.Label>{t('chooseLevel.syllabus')}</Form.Label>
        <Form.Select
          {...afterTap(register('syllabus', { onChange: () => setValue('standard', '') }))}
          isInvalid={Boolean(errors.syllabus)}
          aria-invalid={errors.syllabus ? true : undefined}
          aria-describedby={errors.syllabus ? 'batch-syllabus-error' : undefined}
        >
          <option value="">{t('chooseLevel.chooseSyllabus')}</option>
          {syllabuses.data?.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </Form.Select>
        {errors.syllabus && (
          <Form.Control.Feedback id="batch-syllabus-error" type="invalid">
            {message(errors.syllabus.message ?? '')}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      <Form.Group className="mb-4" controlId="batch-standard">
        <Form.Label>{t('chooseLevel.standard')}</Form.Label>
        <Form.Select
          {...afterTap(register('standard'))}
          isInvalid={Boolean(errors.standard)}
          aria-invalid={errors.standard ? true : undefined}
          aria-describedby={errors.standard ? 'batch-standard-error' : undefined}
          aria-busy={standards.isFetching}
        >
          <option value="">
            {syllabusId ? t('chooseLevel.chooseStandard') : t('chooseLevel.chooseSyllabusFirst')}
          </option>
          {syllabusId &&
            standards.data?.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
        </Form.Select>
        {errors.standard && (
          <Form.Control.Feedback id="batch-standard-error" type="invalid">
            {message(errors.standard.message ?? '')}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      <DateOfBirthField registration={register('date_of_birth')} error={errors.date_of_birth?.message} />
      <SubmitButton isBusy={isSubmitting} disabled={isBusy} className="w-100">
        {t('chooseLevel.submit')}
      </SubmitButton>
      <div className="divider-text my-3">
        <span>{t('chooseLevel.or')}</span>
      </div>
      <Button variant="outline-primary" className="w-100" disabled={isBusy} onClick={() => void chooseGeneralCourse()}>
        {sendOtp.isPending ? t('busy', { ns: 'common' }) : t('chooseLevel.generalCourse')}
      </Button>
    </Form>
  );
}
