export { FieldLabel, FieldLayout, type FieldOption, type FieldProps, visibleError } from './Field.tsx';
export { controlBox, fieldColumn } from './fieldStyles.ts';
export { PlainFieldLabel } from './labelLook.tsx';
