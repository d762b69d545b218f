import type { FieldOption, FieldProps, LabelVisibility } from '../Field/Field.tsx';
import { ReadOnlyField } from '../ReadOnlyField/ReadOnlyField.tsx';
import { type OptionChoice, OptionSelect } from './OptionSelect.tsx';

export type OptionId = FieldOption['id'];

export type SelectFieldProps = FieldProps<OptionId | null> & OptionChoice & LabelVisibility;

export function SelectField({ value, onChange, ...props }: SelectFieldProps) {
  if (props.isReadOnly) {
    const selected = props.options.find((option) => option.id === value);
    return <ReadOnlyField label={props.label} value={selected?.label} className={props.className} />;
  }
  return <OptionSelect {...props} value={value} onChange={(next) => onChange(next as OptionId | null)} />;
}
