export { formatNumber } from './formatNumber.ts';
export { NumberField, type NumberFieldProps } from './NumberField.tsx';
