import { Select, SelectValue, Button as TriggerButton } from 'react-aria-components';
import styled from 'styled-components';
import { FieldLayout, type FieldOption, type FieldProps, visibleError } from '../Field/Field.tsx';
import { controlBox, fieldColumn } from '../Field/fieldStyles.ts';
import { Icon } from '../Icon/Icon.tsx';
import { messages } from '../messages.ts';
import { ReadOnlyField } from '../ReadOnlyField/ReadOnlyField.tsx';
import { OptionList } from './OptionList.tsx';

export type OptionId = FieldOption['id'];

export interface SelectFieldProps extends FieldProps<OptionId | null> {
  readonly options: readonly FieldOption[];
  readonly placeholder?: string;
}

export function SelectField({
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
}: SelectFieldProps) {
  const shownError = visibleError(error, touched);
  if (isReadOnly) {
    const selected = options.find((option) => option.id === value);
    return <ReadOnlyField label={label} value={selected?.label} className={className} />;
  }
  return (
    <StyledSelect
      {...props}
      className={className}
      value={value}
      onChange={(next) => onChange(next as OptionId | null)}
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

const StyledSelect = styled(Select)`
  ${fieldColumn}
`;

/** The closed select looks like a text input; states come from the Select around it. */
export const Trigger = styled(TriggerButton)`
  ${controlBox}
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  text-align: start;
  cursor: pointer;

  & > span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  & > span[data-placeholder] { color: ${({ theme }) => theme.color.textMuted}; }
  [data-invalid] > & { border-color: ${({ theme }) => theme.color.danger}; }
  [data-disabled] > & {
    background: ${({ theme }) => theme.color.disabledBackground};
    color: ${({ theme }) => theme.color.disabledText};
    cursor: not-allowed;
  }
`;
