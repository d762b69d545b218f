import { useId } from 'react';
import styled from 'styled-components';
import type { FieldOption } from '../Field/Field.tsx';
import { controlBox, fieldColumn } from '../Field/fieldStyles.ts';
import { PlainFieldLabel } from '../Field/labelLook.tsx';
import { Icon } from '../Icon/Icon.tsx';
import { messages } from '../messages.ts';

export interface NativeSelectFieldProps {
  readonly label: string;
  readonly options: readonly FieldOption[];
  /** The picked option's id; null: none (the placeholder shows). */
  readonly value: string | null;
  readonly onChange: (id: string) => void;
  readonly placeholder?: string;
  readonly isDisabled?: boolean;
  /** The label read by screen readers only, where the row around the field already says it. */
  readonly labelHidden?: boolean;
}

/**
 * A select drawn by the browser: the platform's `<select>` in the look of the other fields.
 * For a choice offered many times on a busy screen (the planning board's "move to truck" on every
 * stop, issue 41): react-aria's select opens a modal popover that makes the rest of the page inert
 * and locks its scrolling, which on the board cost 230–420 ms a tap at 4× CPU; the browser's list
 * costs neither, and a phone shows its own picker. Keyboard as the platform's: arrows change the
 * choice, Alt+ArrowDown or Space opens the list. No sections, search or several choices: use
 * `SelectField` for those.
 */
export function NativeSelectField({
  label,
  options,
  value,
  onChange,
  placeholder = messages.selectPlaceholder,
  isDisabled,
  labelHidden,
}: NativeSelectFieldProps) {
  const id = useId();
  return (
    <Column>
      <PlainFieldLabel htmlFor={id} isHidden={labelHidden}>
        {label}
      </PlainFieldLabel>
      <Box data-disabled={isDisabled || undefined}>
        <Select
          id={id}
          value={value ?? ''}
          disabled={isDisabled}
          onChange={(event) => {
            if (event.currentTarget.value) onChange(event.currentTarget.value);
          }}
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((option) => (
            <option key={String(option.id)} value={String(option.id)}>
              {option.label}
            </option>
          ))}
        </Select>
        <Chevron aria-hidden="true">
          <Icon name="chevron-down" size={20} />
        </Chevron>
      </Box>
    </Column>
  );
}

const Column = styled.div`
  ${fieldColumn}
`;

const Box = styled.div`
  position: relative;
  display: flex;
  align-items: center;
`;

const Select = styled.select`
  ${controlBox}
  appearance: none;
  padding-right: 40px; /* the chevron */
  text-overflow: ellipsis;
  cursor: pointer;
  &:focus-visible {
    border-color: ${({ theme }) => theme.color.focus};
    box-shadow: 0 0 0 1px ${({ theme }) => theme.color.focus};
  }
  &:has(option[value='']:checked) { color: ${({ theme }) => theme.color.textMuted}; }
  &:disabled {
    background: ${({ theme }) => theme.color.disabledBackground};
    color: ${({ theme }) => theme.color.disabledText};
    cursor: not-allowed;
  }
`;

const Chevron = styled.span`
  position: absolute;
  right: ${({ theme }) => theme.space[3]};
  display: flex;
  pointer-events: none;
  color: ${({ theme }) => theme.color.textMuted};
`;
