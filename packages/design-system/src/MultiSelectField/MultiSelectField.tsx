import { Select, SelectValue } from 'react-aria-components';
import styled from 'styled-components';
import { FieldLayout, type FieldOption, type FieldProps, visibleError } from '../Field/Field.tsx';
import { fieldColumn } from '../Field/fieldStyles.ts';
import { Icon } from '../Icon/Icon.tsx';
import { messages } from '../messages.ts';
import { ReadOnlyField } from '../ReadOnlyField/ReadOnlyField.tsx';
import { OptionList } from '../SelectField/OptionList.tsx';
import { type OptionId, Trigger } from '../SelectField/SelectField.tsx';

export interface MultiSelectFieldProps extends FieldProps<readonly OptionId[]> {
  readonly options: readonly FieldOption[];
  readonly placeholder?: string;
}

/** Several options from a short fixed list; the list stays open while picking. */
export function MultiSelectField({
  label,
  description,
  error,
  touched,
  value,
  onChange,
  options,
  placeholder = messages.selectPlaceholder,
  isReadOnly,
  className,
  ...props
}: MultiSelectFieldProps) {
  const shownError = visibleError(error, touched);
  if (isReadOnly) {
    const labels = options.filter((option) => value.includes(option.id)).map((option) => option.label);
    return <ReadOnlyField label={label} value={labels.join(', ')} className={className} />;
  }
  return (
    <StyledSelect
      {...props}
      className={className}
      selectionMode="multiple"
      value={[...value]}
      onChange={(next) => onChange(next as OptionId[])}
      placeholder={placeholder}
      isInvalid={shownError !== undefined}
      validationBehavior="aria"
    >
      <FieldLayout label={label} description={description} error={shownError} isRequired={props.isRequired}>
        <Trigger>
          <SelectValue />
          <Icon name="chevron-down" size={20} />
        </Trigger>
      </FieldLayout>
      <OptionList options={options} />
    </StyledSelect>
  );
}

const StyledSelect = styled(Select<FieldOption, 'multiple'>)`
  ${fieldColumn}
`;
