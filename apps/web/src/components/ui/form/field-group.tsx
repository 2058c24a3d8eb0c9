import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useAppMessage } from '@/lib/i18n';

/** What every labelled form control takes besides its element's own attributes. */
export interface FieldProps {
  id: string;
  label: ReactNode;
  registration: UseFormRegisterReturn;
  /** Shown under the field once react-hook-form reports it (after touch or submit). */
  error?: string | undefined;
  /** A line of help under the field. */
  hint?: ReactNode;
  className?: string;
}

/** The ids a control's aria-describedby names: its error and its hint, when shown. */
export const describedBy = (id: string, error: string | undefined, hint: ReactNode) =>
  [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;

/** How a control shows its state: invalid once there is an error, described by the error and the hint. */
export const controlState = (id: string, error: string | undefined, hint?: ReactNode) => ({
  isInvalid: Boolean(error),
  'aria-invalid': error ? true : undefined,
  'aria-describedby': describedBy(id, error, hint),
});

/**
 * The label, hint and (translated) error around one control: the frame every field shares. An `action` (a button) sits
 * at the control's end, in one input group with it and its error.
 */
export function FieldGroup({
  id,
  label,
  error,
  hint,
  className,
  action,
  children,
}: Omit<FieldProps, 'registration'> & { action?: ReactNode; children: ReactNode }) {
  const message = useAppMessage();
  const feedback = error && (
    <Form.Control.Feedback id={`${id}-error`} type="invalid">
      {message(error)}
    </Form.Control.Feedback>
  );
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      {action ? (
        <InputGroup hasValidation>
          {children}
          {action}
          {feedback}
        </InputGroup>
      ) : (
        children
      )}
      {hint && <Form.Text id={`${id}-hint`}>{hint}</Form.Text>}
      {!action && feedback}
    </Form.Group>
  );
}
