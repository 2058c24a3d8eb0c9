import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface ControlProps {
  id: string;
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  className?: string;
}

/** A labelled select with its validation message (the TextField of choices). */
export function SelectField({
  id, label, registration, error, className = '', children, ...props
}: ControlProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'size' | 'value' | 'defaultValue'>) {
  const errorId = `${id}-error`;
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        {...props}
        {...registration}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {children}
      </Form.Select>
      {error && <Form.Control.Feedback id={errorId} type="invalid">{error}</Form.Control.Feedback>}
    </Form.Group>
  );
}

/** A labelled multi-line text input with its validation message. */
export function TextAreaField({
  id, label, registration, error, className = '', ...props
}: ControlProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'defaultValue'>) {
  const errorId = `${id}-error`;
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        as="textarea"
        {...props}
        {...registration}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && <Form.Control.Feedback id={errorId} type="invalid">{error}</Form.Control.Feedback>}
    </Form.Group>
  );
}
