import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { messages } from '@app/contracts';
import { paths } from '@/config/paths';
import { ForgotPasswordEmailStep } from './forgot-password-email-step';
import { ForgotPasswordResetStep } from './forgot-password-reset-step';

type Step = { name: 'email' } | { name: 'reset'; email: string } | { name: 'done' };

/** Forgot Password: email step, then reset step, then the success state (spec section 4). */
export function ForgotPassword() {
  const [step, setStep] = useState<Step>({ name: 'email' });

  if (step.name === 'done') {
    return (
      <div className="text-center">
        <Alert variant="success" className="mb-4">{messages.passwordReset}</Alert>
        <Link to={paths.login.getHref()} className="btn btn-primary w-100">Login</Link>
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
        Remembered it? <Link to={paths.login.getHref()}>Login</Link>
      </p>
    </>
  );
}
