// PasswordChecklist is imported from './password-checklist' itself: it needs the contracts' password rules,
// whose module builds Zod schemas, and the login page's fields must not bring Zod along (bench/web/bundle-size.ts).
export { afterTap } from './after-tap';
export { PasswordField, type PasswordFieldProps } from './password-field';
export { SelectField, type SelectFieldProps } from './select-field';
export { TextAreaField, type TextAreaFieldProps } from './text-area-field';
export { TextField, type TextFieldProps } from './text-field';
