import {
  Button as AriaButton,
  Autocomplete,
  Input,
  ListBox,
  ListBoxItem,
  SearchField,
  useFilter,
} from 'react-aria-components';
import styled from 'styled-components';
import type { FieldOption } from '../Field/Field.tsx';
import { controlBox } from '../Field/fieldStyles.ts';
import { Icon } from '../Icon/Icon.tsx';
import { messages } from '../messages.ts';
import { menuListItem, pickerSearchInput } from '../theme/pickerStyles.ts';

export type BranchOption = FieldOption;

export interface BranchPickerProps {
  /** The user's branches; `label` reads 'code: name'. */
  readonly branches: readonly BranchOption[];
  readonly currentBranchId: BranchOption['id'] | null;
  /** Called with another branch; choosing the current one does nothing (spec §4). */
  readonly onSelect: (branchId: BranchOption['id']) => void;
  /** Name of the list for screen readers (default 'สาขา'). */
  readonly label?: string;
  readonly autoFocus?: boolean;
}

/** Search box over the branch list: arrows move in the list while typing, Enter picks. */
export function BranchPicker({
  branches,
  currentBranchId,
  onSelect,
  label = messages.branchListLabel,
  autoFocus,
}: BranchPickerProps) {
  const { contains } = useFilter({ sensitivity: 'base' });
  return (
    <Column>
      <Autocomplete filter={contains}>
        <StyledSearchField aria-label={messages.branchSearchLabel} autoFocus={autoFocus}>
          <Icon name="search" size={20} />
          <SearchInput placeholder={messages.branchSearchPlaceholder} />
          <ClearButton aria-label={messages.clearSearch}>
            <Icon name="close" size={18} />
          </ClearButton>
        </StyledSearchField>
        {/* Items take virtual focus from the search box, so the scroller itself must be reachable by Tab. */}
        <Scroller tabIndex={0} role="group" aria-label={label}>
          <List
            aria-label={label}
            items={branches}
            selectionMode="single"
            disallowEmptySelection
            selectedKeys={currentBranchId === null ? [] : [currentBranchId]}
            onSelectionChange={(keys) => {
              const [id] = [...keys];
              if (id !== undefined && id !== currentBranchId) onSelect(id);
            }}
            renderEmptyState={() => <Empty>{messages.branchNotFound}</Empty>}
          >
            {(branch) => (
              <Item id={branch.id} textValue={branch.label}>
                {({ isSelected }) => (
                  <>
                    <Icon name="building" size={20} />
                    <span>{branch.label}</span>
                    {isSelected && <Current>{messages.currentBranch}</Current>}
                  </>
                )}
              </Item>
            )}
          </List>
        </Scroller>
      </Autocomplete>
    </Column>
  );
}

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
`;

const StyledSearchField = styled(SearchField)`
  ${controlBox}
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.color.textMuted};
  &[data-empty] > button { visibility: hidden; }
`;

const SearchInput = styled(Input)`
  ${pickerSearchInput}
`;

const ClearButton = styled(AriaButton)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 28px;
  height: 28px;
  border: none;
  border-radius: 50%;
  background: transparent;
  color: inherit;
  cursor: pointer;
`;

/** Spec §9: the branch list is at most 240 px high and scrolls. */
const Scroller = styled.div`
  max-height: 240px;
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  outline: none;
  &:focus-visible { box-shadow: 0 0 0 2px ${({ theme }) => theme.color.focus}; }
`;

const List = styled(ListBox<BranchOption>)`
  padding: ${({ theme }) => theme.space[1]};
  outline: none;
`;

const Item = styled(ListBoxItem<BranchOption>)`
  ${menuListItem}
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};

  & > span:first-of-type { flex: 1 1 auto; overflow-wrap: anywhere; }
  &[data-selected] {
    background: ${({ theme }) => theme.color.secondary};
    color: ${({ theme }) => theme.color.secondaryText};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

const Current = styled.span`
  flex-shrink: 0;
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.secondaryText};
`;

const Empty = styled.div`
  padding: ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.color.textMuted};
`;
