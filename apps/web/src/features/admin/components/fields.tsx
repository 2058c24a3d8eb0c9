import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { describedBy, type FieldProps } from '@/components/ui/form/field-group';

/** An on/off switch bound to a boolean field. */
export function SwitchField({ id, label, registration, error, hint, className = 'mb-3' }: FieldProps) {
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Check
        type="switch"
        label={label}
        {...registration}
        isInvalid={Boolean(error)}
        aria-describedby={describedBy(id, error, hint)}
      />
      {hint && <Form.Text id={`${id}-hint`}>{hint}</Form.Text>}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </Form.Group>
  );
}

interface FileFieldProps {
  id: string;
  label: ReactNode;
  accept: string;
  onFile: (file: File | null) => void;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  disabled?: boolean;
  /** A button beside the picker (e.g. 'Upload'). */
  action?: ReactNode;
}

/** A labelled file picker (not a form field: the chosen file goes to `onFile`). */
export function FileField({
  id,
  label,
  accept,
  onFile,
  error,
  hint,
  className = 'mb-3',
  disabled,
  action,
}: FileFieldProps) {
  const input = (
    <Form.Control
      type="file"
      accept={accept}
      disabled={disabled}
      onChange={(event) => onFile((event.currentTarget as HTMLInputElement).files?.[0] ?? null)}
      isInvalid={Boolean(error)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, error, hint)}
    />
  );
  const feedback = error && (
    <Form.Control.Feedback id={`${id}-error`} type="invalid">
      {error}
    </Form.Control.Feedback>
  );
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      {action ? (
        <InputGroup hasValidation>
          {input}
          {action}
          {feedback}
        </InputGroup>
      ) : (
        <>
          {input}
          {feedback}
        </>
      )}
      {hint && <Form.Text id={`${id}-hint`}>{hint}</Form.Text>}
    </Form.Group>
  );
}
