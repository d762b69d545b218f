export { CheckboxField, type CheckboxFieldProps } from './CheckboxField.tsx';
