import { Select, type SelectProps, SelectValue, Button as TriggerButton } from 'react-aria-components';
import styled from 'styled-components';
import {
  FieldLayout,
  type FieldOption,
  type FieldShellProps,
  type LabelVisibility,
  splitFieldProps,
} from '../Field/Field.tsx';
import { controlBox, fieldColumn } from '../Field/fieldStyles.ts';
import { Icon } from '../Icon/Icon.tsx';
import { messages } from '../messages.ts';
import { OptionList } from './OptionList.tsx';

/** The fixed list a select offers, and what its box says while nothing is picked. */
export interface OptionChoice {
  readonly options: readonly FieldOption[];
  readonly placeholder?: string;
}

/** One option or several. */
type PickMode = 'single' | 'multiple';

type OptionSelectProps = FieldShellProps &
  LabelVisibility &
  OptionChoice &
  Pick<SelectProps<FieldOption, PickMode>, 'selectionMode' | 'value' | 'onChange'>;

/**
 * The editable select that SelectField (one option) and MultiSelectField (several) both are:
 * a box like a text input that opens the list of options.
 */
export function OptionSelect({
  options,
  placeholder = messages.selectPlaceholder,
  ...props
}: OptionSelectProps) {
  const { layout, control } = splitFieldProps(props);
  return (
    <StyledSelect {...control} placeholder={placeholder}>
      <FieldLayout {...layout}>
        <Trigger>
          <SelectValue />
          <Icon name="chevron-down" size={20} />
        </Trigger>
      </FieldLayout>
      <OptionList options={options} />
    </StyledSelect>
  );
}

const StyledSelect = styled(Select<FieldOption, PickMode>)`
  ${fieldColumn}
`;

/** The closed select looks like a text input; states come from the Select around it. */
const Trigger = styled(TriggerButton)`
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
