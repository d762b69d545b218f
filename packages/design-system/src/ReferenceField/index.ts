export {
  type MultipleReferenceFieldProps,
  ReferenceField,
  type ReferenceFieldProps,
  type SingleReferenceFieldProps,
} from './ReferenceField.tsx';
