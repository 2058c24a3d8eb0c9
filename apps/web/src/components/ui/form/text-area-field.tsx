import type { TextareaHTMLAttributes } from 'react';
import Form from 'react-bootstrap/Form';
import { afterTap } from './after-tap';
import { controlState, FieldGroup, type FieldProps } from './field-group';

export type TextAreaFieldProps = FieldProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'defaultValue'>;

/** A labelled multi-line text input with its validation message. */
export function TextAreaField({
  id,
  label,
  registration,
  error,
  hint,
  className = 'mb-3',
  ...props
}: TextAreaFieldProps) {
  return (
    <FieldGroup id={id} label={label} error={error} hint={hint} className={className}>
      <Form.Control as="textarea" {...props} {...afterTap(registration)} {...controlState(id, error, hint)} />
    </FieldGroup>
  );
}
