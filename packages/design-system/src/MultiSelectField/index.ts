export { MultiSelectField, type MultiSelectFieldProps } from './MultiSelectField.tsx';
