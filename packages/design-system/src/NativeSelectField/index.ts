export { NativeSelectField, type NativeSelectFieldProps } from './NativeSelectField.tsx';
