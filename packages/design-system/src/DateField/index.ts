export { BuddhistEraProvider, useBuddhistEra, useEra } from './buddhistEra.tsx';
export { DateField, type DateFieldProps } from './DateField.tsx';
