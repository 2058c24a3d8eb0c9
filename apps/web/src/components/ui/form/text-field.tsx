import type { InputHTMLAttributes, ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { afterTap } from './after-tap';
import { controlState, FieldGroup } from './field-group';

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'size' | 'value' | 'defaultValue'
> {
  id: string;
  label: ReactNode;
  registration: UseFormRegisterReturn;
  /** Shown under the field once react-hook-form reports it (after touch or submit). */
  error?: string | undefined;
  /** A line of help under the field. */
  hint?: ReactNode;
  /** A button at the input's end (e.g. 'Generate'). */
  action?: ReactNode;
}

/** A labelled input with its validation message. */
export function TextField({
  id,
  label,
  registration,
  error,
  hint,
  action,
  className = 'mb-3',
  ...inputProps
}: TextFieldProps) {
  return (
    <FieldGroup id={id} label={label} error={error} hint={hint} action={action} className={className}>
      <Form.Control {...inputProps} {...afterTap(registration)} {...controlState(id, error, hint)} />
    </FieldGroup>
  );
}
