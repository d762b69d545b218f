import type { FieldProps } from '../Field/Field.tsx';
import { ReadOnlyField } from '../ReadOnlyField/ReadOnlyField.tsx';
import { type OptionChoice, OptionSelect } from '../SelectField/OptionSelect.tsx';
import type { OptionId } from '../SelectField/SelectField.tsx';

export type MultiSelectFieldProps = FieldProps<readonly OptionId[]> & OptionChoice;

/** Several options from a short fixed list; the list stays open while picking. */
export function MultiSelectField({ value, onChange, ...props }: MultiSelectFieldProps) {
  if (props.isReadOnly) {
    const labels = props.options.filter((option) => value.includes(option.id)).map((option) => option.label);
    return <ReadOnlyField label={props.label} value={labels.join(', ')} className={props.className} />;
  }
  return (
    <OptionSelect
      {...props}
      selectionMode="multiple"
      value={[...value]}
      onChange={(next) => onChange(next as OptionId[])}
    />
  );
}
