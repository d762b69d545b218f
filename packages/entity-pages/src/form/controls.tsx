/**
 * The design-system fields the entity pages use, imported in one place so that a field that
 * changes its props changes one adapter. Enum options travel as the design system's `{ id, label }`.
 */
import { ReferenceField as DsReferenceField, type FieldOption, type FieldProps } from '@lms/design-system';
import type { EnumOption } from '@lms/domain';

export {
  CheckboxField,
  DateField,
  DateTimeField,
  type FieldOption,
  FileField,
  ImageField,
  MultiSelectField,
  NumberField,
  ReadOnlyField,
  SelectField,
  TextArea,
  TextField,
  TimeField,
} from '@lms/design-system';

export const toFieldOptions = (options: readonly EnumOption[]): FieldOption[] =>
  options.map((option) => ({ id: option.value, label: option.label }));

type ReferenceProps = Omit<FieldProps<unknown>, 'value' | 'onChange'> & {
  readonly multiple?: boolean;
  readonly value: unknown;
  readonly onChange: (next: never) => void;
  readonly loadOptions: (searchTerm: string) => Promise<readonly FieldOption[]>;
  readonly loadLabels: (ids: readonly (string | number)[]) => Promise<readonly FieldOption[]>;
};

/** `ref` (one id) and `refs` (a list) pickers over `/options`. */
export function ReferenceField({ multiple, value, onChange, ...props }: ReferenceProps) {
  return multiple ? (
    <DsReferenceField
      {...props}
      selectionMode="multiple"
      value={Array.isArray(value) ? value : []}
      onChange={(next) => onChange(next as never)}
    />
  ) : (
    <DsReferenceField
      {...props}
      value={(value as string | null) ?? null}
      onChange={(next) => onChange(next as never)}
    />
  );
}
