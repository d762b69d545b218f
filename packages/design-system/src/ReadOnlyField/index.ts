export { ReadOnlyField, type ReadOnlyFieldProps } from './ReadOnlyField.tsx';
