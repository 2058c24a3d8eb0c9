import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { askConsentBody, type AskConsentBody, type AskConsentData, type AskConsentInput } from '@app/contracts';
import { errorMessage } from '@/lib/api-client';
import { TextField } from '@/components/ui/form';
import { notifications } from '@/components/ui/notifications';
import { SubmitButton } from '@/components/ui/submit-button';
import { useAskConsent } from '../api/ask-consent';

/**
 * A learner under 18 names a parent or guardian: a name, then an email (we mail the link) or an Indian
 * mobile number (no SMS here: the learner passes the link on, see ShareConsentLink).
 */
export function GuardianForm({ onAsked }: { onAsked: (answer: AskConsentData) => void }) {
  const { t } = useTranslation('consent');
  const ask = useAskConsent();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<AskConsentBody, unknown, AskConsentInput>({
    resolver: zodResolver(askConsentBody),
    mode: 'onTouched',
    defaultValues: { guardian_name: '', channel: 'email', guardian_email: '', guardian_mobile: '' },
  });
  const channel = useWatch({ control, name: 'channel' });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data, message } = await ask.mutateAsync(values);
      notifications.success(message);
      onAsked(data);
    } catch (error) {
      notifications.error(errorMessage(error));
    }
  });
  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('form.send')}>
      <TextField
        id="guardian-name"
        label={t('form.guardianName')}
        autoComplete="off"
        registration={register('guardian_name')}
        error={errors.guardian_name?.message}
      />
      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-1">{t('form.by')}</legend>
        <Form.Check
          inline
          type="radio"
          id="guardian-by-email"
          value="email"
          label={t('form.byEmail')}
          {...register('channel')}
        />
        <Form.Check
          inline
          type="radio"
          id="guardian-by-mobile"
          value="mobile"
          label={t('form.byMobile')}
          {...register('channel')}
        />
      </fieldset>
      {channel === 'mobile' ? (
        <>
          <TextField
            id="guardian-mobile"
            label={t('form.guardianMobile')}
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            registration={register('guardian_mobile')}
            error={errors.guardian_mobile?.message}
            className="mb-1"
          />
          <p className="small text-body-secondary mb-3">{t('form.mobileHelp')}</p>
        </>
      ) : (
        <TextField
          id="guardian-email"
          label={t('form.guardianEmail')}
          type="email"
          autoComplete="off"
          registration={register('guardian_email')}
          error={errors.guardian_email?.message}
        />
      )}
      <SubmitButton isBusy={isSubmitting}>{t('form.send')}</SubmitButton>
    </Form>
  );
}
