export { SignatureField, type SignatureFieldProps } from './SignatureField.tsx';
