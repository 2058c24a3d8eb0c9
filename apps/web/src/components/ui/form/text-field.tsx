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
}

/** A labelled input with its validation message. */
export function TextField({ id, label, registration, error, className = 'mb-3', ...inputProps }: TextFieldProps) {
  return (
    <FieldGroup id={id} label={label} error={error} className={className}>
      <Form.Control {...inputProps} {...afterTap(registration)} {...controlState(id, error)} />
    </FieldGroup>
  );
}
