import type { SelectHTMLAttributes } from 'react';
import Form from 'react-bootstrap/Form';
import { afterTap } from './after-tap';
import { controlState, FieldGroup, type FieldProps } from './field-group';

export type SelectFieldProps = FieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'size' | 'value' | 'defaultValue'>;

/** A labelled select with its validation message (the TextField of choices). */
export function SelectField({
  id,
  label,
  registration,
  error,
  hint,
  className = 'mb-3',
  children,
  ...props
}: SelectFieldProps) {
  return (
    <FieldGroup id={id} label={label} error={error} hint={hint} className={className}>
      <Form.Select {...props} {...afterTap(registration)} {...controlState(id, error, hint)}>
        {children}
      </Form.Select>
    </FieldGroup>
  );
}
