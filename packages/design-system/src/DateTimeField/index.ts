export { DateTimeField, type DateTimeFieldProps } from './DateTimeField.tsx';
