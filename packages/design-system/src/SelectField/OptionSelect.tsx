import { startTransition, useEffect, useMemo, useState } from 'react';
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
  const shown = useOptionsOnceIdle(options, control.value);
  return (
    <StyledSelect {...control} placeholder={placeholder} onOpenChange={shown.open}>
      <FieldLayout {...layout}>
        <Trigger>
          <SelectValue />
          <Icon name="chevron-down" size={20} />
        </Trigger>
      </FieldLayout>
      <OptionList options={shown.options} />
    </StyledSelect>
  );
}

/** From this many options a select mounts with its picked ones only (`useOptionsOnceIdle`). */
export const LAZY_OPTIONS_FROM = 50;

/**
 * A long list's options are drawn after the select's own first drawing, in a transition
 * (issue 41: the booking wizard's fine-tune step mounted a slot picker of 361 options, every one
 * drawn — react-aria builds its collection from them — inside the step change). Until then the
 * select holds its picked options only, so its box says what is picked; opening it first draws
 * them all at once. A short list is drawn whole from the start.
 */
function useOptionsOnceIdle(options: readonly FieldOption[], value: unknown) {
  const [whole, setWhole] = useState(options.length < LAZY_OPTIONS_FROM);
  useEffect(() => {
    if (!whole) startTransition(() => setWhole(true));
  }, [whole]);
  const picked = useMemo(
    () =>
      whole
        ? options
        : options.filter((option) =>
            Array.isArray(value) ? value.includes(option.id) : option.id === value,
          ),
    [whole, options, value],
  );
  return {
    options: picked,
    open: (isOpen: boolean) => {
      if (isOpen) setWhole(true);
    },
  };
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
