import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messages } from '@app/contracts';
import { paths } from '@/config/paths';
import { useAppMessage } from '@/lib/i18n';
import { ForgotPasswordEmailStep } from './forgot-password-email-step';
import { ForgotPasswordResetStep } from './forgot-password-reset-step';

type Step = { name: 'email' } | { name: 'reset'; email: string } | { name: 'done' };

/** Forgot Password: email step, then reset step, then the success state (docs/product/accounts-and-sign-in.md#forgot-password). */
export function ForgotPassword() {
  const { t } = useTranslation('accounts');
  const message = useAppMessage();
  const [step, setStep] = useState<Step>({ name: 'email' });

  if (step.name === 'done') {
    return (
      <div className="text-center">
        <Alert variant="success" className="mb-4">
          {message(messages.passwordReset)}
        </Alert>
        <Link to={paths.login.getHref()} className="btn btn-primary w-100">
          {t('forgotPassword.login')}
        </Link>
      </div>
    );
  }
  if (step.name === 'reset') {
    return (
      <ForgotPasswordResetStep
        email={step.email}
        onReset={() => setStep({ name: 'done' })}
        onChangeEmail={() => setStep({ name: 'email' })}
      />
    );
  }
  return (
    <>
      <ForgotPasswordEmailStep onSent={(email) => setStep({ name: 'reset', email })} />
      <p className="text-center mt-4 mb-0 small">
        <Trans t={t} i18nKey="forgotPassword.remembered" components={{ a: <Link to={paths.login.getHref()} /> }} />
      </p>
    </>
  );
}
