import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from '../icons';
import { afterTap } from './after-tap';
import { useAppMessage } from '@/lib/i18n';

export interface PasswordFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  autoComplete: 'current-password' | 'new-password';
  error?: string | undefined;
  /** Marks the field invalid without a message (the checklist below says why). */
  isInvalid?: boolean;
  /** Extra content under the input, e.g. the password checklist. */
  children?: ReactNode;
  describedBy?: string;
}

/** A password input with a show/hide toggle. */
export function PasswordField({
  id,
  label,
  registration,
  autoComplete,
  error,
  isInvalid,
  children,
  describedBy,
}: PasswordFieldProps) {
  const [isVisible, setIsVisible] = useState(false);
  const errorId = `${id}-error`;
  const message = useAppMessage();
  const { t } = useTranslation('common');
  const invalid = isInvalid ?? Boolean(error);
  const described = [error ? errorId : null, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          type={isVisible ? 'text' : 'password'}
          autoComplete={autoComplete}
          {...afterTap(registration)}
          isInvalid={invalid}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={described}
        />
        <Button
          variant="outline-secondary"
          className="password-toggle"
          aria-label={t('password.show', { label: label.toLowerCase() })}
          aria-pressed={isVisible}
          aria-controls={id}
          onClick={() => setIsVisible((value) => !value)}
        >
          {isVisible ? <EyeOffIcon /> : <EyeIcon />}
        </Button>
        {error && (
          <Form.Control.Feedback id={errorId} type="invalid">
            {message(error)}
          </Form.Control.Feedback>
        )}
      </InputGroup>
      {children}
    </Form.Group>
  );
}
