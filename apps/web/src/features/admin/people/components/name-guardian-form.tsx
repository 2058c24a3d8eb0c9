import { useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import { adminGuardianBody, type AdminGuardianBody, type AdminGuardianInput } from '@app/contracts';
import { TextField } from '@/components/ui/form';
import { notifications } from '@/components/ui/notifications';
import { SubmitButton } from '@/components/ui/submit-button';
import { formResolver } from '../../utils/form-resolver';
import { showServerError } from '../../utils/server-errors';
import { useNameGuardian } from '../api/name-guardian';

const FIELDS = ['guardian_name', 'guardian_email', 'guardian_mobile'] as const;

/**
 * The operator names another parent or guardian on a written request (decision 024), typically after the
 * guardian on record withdrew. By email the link is mailed to them; by mobile the operator gets the link
 * to send. From then on the learner may ask only this guardian.
 */
export function NameGuardianForm({ userId }: { userId: number }) {
  const name = useNameGuardian();
  const [share, setShare] = useState<{ link: string; whatsappUrl: string | null } | null>(null);
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AdminGuardianBody, unknown, AdminGuardianInput>({
    resolver: formResolver(adminGuardianBody),
    mode: 'onTouched',
    defaultValues: { guardian_name: '', channel: 'email', guardian_email: '', guardian_mobile: '' },
  });
  const channel = useWatch({ control, name: 'channel' });
  const send = async (body: AdminGuardianInput) => {
    try {
      const { data, message } = await name.mutateAsync({ id: userId, body });
      notifications.success(message);
      setShare(data.link ? { link: data.link, whatsappUrl: data.whatsapp_url } : null);
      reset();
    } catch (error) {
      showServerError(error, { setError, fields: FIELDS });
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void handleSubmit(send)(event);
  return (
    <Form
      noValidate
      onSubmit={onSubmit}
      aria-label="Name another guardian"
      className="mt-4"
      style={{ maxWidth: '28rem' }}
    >
      <h3 className="h6">Name another guardian</h3>
      <p className="small text-body-secondary">
        Only on a parent&apos;s or guardian&apos;s written request. A new consent link goes to them, and from then on
        the learner can ask only them. Audited.
      </p>
      <TextField
        id="admin-guardian-name"
        label="Guardian's name"
        autoComplete="off"
        registration={register('guardian_name')}
        error={errors.guardian_name?.message}
      />
      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-1">Send the link by</legend>
        <Form.Check
          inline
          type="radio"
          id="admin-guardian-by-email"
          value="email"
          label="Email"
          {...register('channel')}
        />
        <Form.Check
          inline
          type="radio"
          id="admin-guardian-by-mobile"
          value="mobile"
          label="Mobile"
          {...register('channel')}
        />
      </fieldset>
      {channel === 'mobile' ? (
        <TextField
          id="admin-guardian-mobile"
          label="Guardian's mobile"
          type="tel"
          inputMode="numeric"
          maxLength={10}
          autoComplete="off"
          registration={register('guardian_mobile')}
          error={errors.guardian_mobile?.message}
        />
      ) : (
        <TextField
          id="admin-guardian-email"
          label="Guardian's email"
          type="email"
          autoComplete="off"
          registration={register('guardian_email')}
          error={errors.guardian_email?.message}
        />
      )}
      <SubmitButton isBusy={isSubmitting || name.isPending} size="sm">
        Name guardian
      </SubmitButton>
      {share && (
        <div className="small mt-3" role="status">
          <p className="mb-1">Send this consent link to the guardian (it works for 7 days):</p>
          <p className="text-break mb-1">
            <a href={share.link}>{share.link}</a>
          </p>
          {share.whatsappUrl && (
            <a href={share.whatsappUrl} target="_blank" rel="noreferrer">
              Send on WhatsApp
            </a>
          )}
        </div>
      )}
    </Form>
  );
}
