export { type OptionId, SelectField, type SelectFieldProps } from './SelectField.tsx';
