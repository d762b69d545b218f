export { FileField, type FileFieldProps } from './FileField.tsx';
