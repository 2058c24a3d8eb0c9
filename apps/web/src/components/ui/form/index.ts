export { PasswordChecklist } from './password-checklist';
export { PasswordField, type PasswordFieldProps } from './password-field';
export { TextField, type TextFieldProps } from './text-field';
