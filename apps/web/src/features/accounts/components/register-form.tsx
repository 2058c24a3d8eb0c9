import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { registerBody, type RegisterBody } from '@app/contracts';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useAppMessage } from '@/lib/i18n';
import { afterTap, TextField } from '@/components/ui/form';
import { NewPasswordFields } from '@/components/ui/form/new-password-fields';
import { notifications } from '@/components/ui/notifications';
import { SubmitButton } from '@/components/ui/submit-button';
import { useRegister, type RegisterInput } from '../api/register';

interface RegisterFormProps {
  /** A validated referral code, sent as ref_user. */
  referralCode: string | null;
  onSuccess: () => void;
}

/** Register (docs/product/accounts-and-sign-in.md#register); the messages come from the shared registerBody schema. */
export function RegisterForm({ referralCode, onSuccess }: RegisterFormProps) {
  const { t } = useTranslation('accounts');
  const message = useAppMessage();
  const registration = useRegister();
  const form = useForm<RegisterBody, unknown, RegisterInput>({
    resolver: zodResolver(registerBody),
    mode: 'onTouched',
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      mobile: '',
      password: '',
      password_confirmation: '',
    },
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const response = await registration.mutateAsync({ ...values, ref_user: referralCode });
      if (response.message) notifications.success(response.message);
      onSuccess();
    } catch (error) {
      notifications.error(errorMessage(error));
    }
  });

  return (
    <Form noValidate onSubmit={onSubmit}>
      <Row className="g-3 mb-3">
        <Col sm={6}>
          <TextField
            className=""
            id="register-first-name"
            label={t('register.firstName')}
            autoComplete="given-name"
            registration={register('first_name')}
            error={errors.first_name?.message}
          />
        </Col>
        <Col sm={6}>
          <TextField
            className=""
            id="register-last-name"
            label={t('register.lastName')}
            autoComplete="family-name"
            registration={register('last_name')}
            error={errors.last_name?.message}
          />
        </Col>
      </Row>
      <TextField
        id="register-email"
        label={t('register.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        registration={register('email')}
        error={errors.email?.message}
      />
      <TextField
        id="register-mobile"
        label={t('register.mobile')}
        type="tel"
        autoComplete="tel-national"
        inputMode="numeric"
        registration={register('mobile')}
        error={errors.mobile?.message}
      />
      <NewPasswordFields
        form={form}
        id="register-password"
        confirmationId="register-password-confirmation"
        label={t('register.password')}
        confirmationLabel={t('register.confirmPassword')}
      />
      <Form.Group className="mb-4" controlId="register-disclaimer">
        <Form.Check type="checkbox">
          <Form.Check.Input
            type="checkbox"
            {...afterTap(register('disclaimer'))}
            isInvalid={Boolean(errors.disclaimer)}
            aria-invalid={errors.disclaimer ? true : undefined}
            aria-describedby={errors.disclaimer ? 'register-disclaimer-error' : undefined}
          />
          <Form.Check.Label>
            <Trans
              t={t}
              i18nKey="register.disclaimer"
              components={{
                privacy: <a href={paths.privacyPolicy.getHref()} target="_blank" rel="noreferrer" />,
                terms: <a href={paths.terms.getHref()} target="_blank" rel="noreferrer" />,
              }}
            />
          </Form.Check.Label>
          {errors.disclaimer && (
            <Form.Control.Feedback id="register-disclaimer-error" type="invalid">
              {message(errors.disclaimer.message ?? '')}
            </Form.Control.Feedback>
          )}
        </Form.Check>
      </Form.Group>
      <SubmitButton isBusy={isSubmitting} className="w-100">
        {t('register.submit')}
      </SubmitButton>
      <div className="d-flex justify-content-between flex-wrap gap-2 mt-4 small">
        <span>
          <Trans t={t} i18nKey="register.alreadyRegistered" components={{ a: <Link to={paths.login.getHref()} /> }} />
        </span>
        <Link to={paths.forgotPassword.getHref()}>{t('register.forgotPassword')}</Link>
      </div>
    </Form>
  );
}
