import { ListBox, ListBoxItem, Popover } from 'react-aria-components';
import styled from 'styled-components';
import type { FieldOption } from '../Field/Field.tsx';
import { Icon } from '../Icon/Icon.tsx';
import { messages } from '../messages.ts';

/** The popover list of options shared by SelectField, MultiSelectField and ReferenceField. */
export function OptionList({ options }: { readonly options: readonly FieldOption[] }) {
  return (
    <OptionPopover>
      <OptionListBox items={options} renderEmptyState={() => <Empty>{messages.noOptions}</Empty>}>
        {(option) => <OptionItem option={option} />}
      </OptionListBox>
    </OptionPopover>
  );
}

export function OptionItem({ option }: { readonly option: FieldOption }) {
  return (
    <StyledItem id={option.id} textValue={option.label}>
      {({ isSelected }) => (
        <>
          <span>{option.label}</span>
          {isSelected && <Icon name="check" size={18} />}
        </>
      )}
    </StyledItem>
  );
}

export const OptionPopover = styled(Popover)`
  min-width: var(--trigger-width);
  max-height: 320px;
  overflow: auto;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.md};
`;

export const OptionListBox = styled(ListBox<FieldOption>)`
  padding: ${({ theme }) => theme.space[1]};
  outline: none;
`;

const StyledItem = styled(ListBoxItem<FieldOption>)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  min-height: 40px;
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radius.sm};
  cursor: pointer;
  outline: none;

  &[data-focused] { background: ${({ theme }) => theme.color.secondary}; }
  &[data-selected] { font-weight: ${({ theme }) => theme.font.weight.medium}; color: ${({ theme }) => theme.color.primary}; }
  &[data-disabled] { color: ${({ theme }) => theme.color.disabledText}; cursor: not-allowed; }
`;

export const Empty = styled.div`
  padding: ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.color.textMuted};
`;
