export { BuddhistEraProvider, useBuddhistEra } from './buddhistEra.tsx';
export { DateField, type DateFieldProps } from './DateField.tsx';
