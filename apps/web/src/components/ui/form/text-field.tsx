import type { InputHTMLAttributes, ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'size' | 'value' | 'defaultValue'> {
  id: string;
  label: ReactNode;
  registration: UseFormRegisterReturn;
  /** Shown under the field once react-hook-form reports it (after touch or submit). */
  error?: string | undefined;
}

/** A labelled input with its validation message. */
export function TextField({ id, label, registration, error, className = 'mb-3', ...inputProps }: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...inputProps}
        {...registration}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && <Form.Control.Feedback id={errorId} type="invalid">{error}</Form.Control.Feedback>}
    </Form.Group>
  );
}
