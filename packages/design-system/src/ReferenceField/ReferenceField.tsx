import { useState } from 'react';
import {
  ComboBox,
  Group,
  Input,
  ProgressBar,
  Button as RacButton,
  Tag,
  TagGroup,
  TagList,
} from 'react-aria-components';
import styled from 'styled-components';
import { spinnerRing } from '../BlockingSpinner/spinnerRing.ts';
import { FieldLayout, type FieldOption, type FieldProps, visibleError } from '../Field/Field.tsx';
import { controlBox, fieldColumn } from '../Field/fieldStyles.ts';
import { Icon } from '../Icon/Icon.tsx';
import { messages } from '../messages.ts';
import { ReadOnlyField } from '../ReadOnlyField/ReadOnlyField.tsx';
import { Empty, OptionItem, OptionListBox, OptionPopover } from '../SelectField/OptionList.tsx';
import type { OptionId } from '../SelectField/SelectField.tsx';
import { useDebouncedOptions, useReferenceLabels } from './useReferenceData.ts';

interface ReferenceBaseProps {
  /** Options matching what the user typed ('' when the list opens). */
  readonly loadOptions: (searchTerm: string) => Promise<readonly FieldOption[]>;
  /** Labels of ids in the value that the field has not seen yet, in one batch. */
  readonly loadLabels: (ids: readonly OptionId[]) => Promise<readonly FieldOption[]>;
  /** Wait after the last keystroke before searching (default 300 ms). */
  readonly debounceMs?: number;
  readonly placeholder?: string;
}

export type SingleReferenceFieldProps = ReferenceBaseProps & {
  readonly selectionMode?: 'single';
} & FieldProps<OptionId | null>;
export type MultipleReferenceFieldProps = ReferenceBaseProps & {
  readonly selectionMode: 'multiple';
} & FieldProps<readonly OptionId[]>;
export type ReferenceFieldProps = SingleReferenceFieldProps | MultipleReferenceFieldProps;

/** A reference to another record, searched on the server (e.g. a branch, a customer). */
export function ReferenceField(props: ReferenceFieldProps) {
  const { label, description, error, touched, isRequired, isDisabled, isReadOnly, name, className } = props;
  const { loadOptions, loadLabels, debounceMs = 300, placeholder } = props;
  const ids: readonly OptionId[] =
    props.selectionMode === 'multiple' ? props.value : props.value === null ? [] : [props.value];
  const { labels, remember } = useReferenceLabels(ids, loadLabels);
  const [typed, setTyped] = useState<string | null>(null);
  const [isOpen, setOpen] = useState(false);
  const loaded = useDebouncedOptions(loadOptions, typed ?? '', isOpen || typed !== null, debounceMs);
  const shownError = visibleError(error, touched);
  const labelOf = (id: OptionId) => labels.get(id) ?? String(id);

  if (isReadOnly) {
    return <ReadOnlyField label={label} value={ids.map(labelOf).join(', ')} className={className} />;
  }

  const single = props.selectionMode !== 'multiple' ? props : null;
  const selectedLabel = single && single.value !== null ? labelOf(single.value) : '';
  const select = (key: OptionId | null) => {
    const option = loaded.options.find((candidate) => candidate.id === key);
    if (option) remember([option]);
    setTyped(null);
    if (props.selectionMode === 'multiple') {
      if (key !== null && !props.value.includes(key)) props.onChange([...props.value, key]);
    } else {
      props.onChange(key);
    }
  };

  return (
    <Column className={className}>
      <StyledComboBox
        name={name}
        items={loaded.options}
        inputValue={typed ?? selectedLabel}
        onInputChange={(text) => {
          setTyped(text);
          // Emptying a single reference clears it.
          if (text === '' && single && single.value !== null) single.onChange(null);
        }}
        selectedKey={single ? single.value : null}
        onSelectionChange={(key) => select(key as OptionId | null)}
        onOpenChange={setOpen}
        onBlur={() => {
          setTyped(null);
          props.onBlur?.();
        }}
        allowsEmptyCollection
        menuTrigger="focus"
        isRequired={isRequired}
        isDisabled={isDisabled}
        isInvalid={shownError !== undefined}
        validationBehavior="aria"
      >
        <FieldLayout label={label} description={description} error={shownError} isRequired={isRequired}>
          <InputGroup>
            <StyledInput placeholder={placeholder} />
            {loaded.isLoading && (
              <ProgressBar isIndeterminate aria-label={messages.loading}>
                <Spinner />
              </ProgressBar>
            )}
            <OpenButton aria-label={messages.showOptions}>
              <Icon name="chevron-down" size={20} />
            </OpenButton>
          </InputGroup>
        </FieldLayout>
        <OptionPopover>
          <OptionListBox
            renderEmptyState={() => (
              <Empty>
                {loaded.isLoading
                  ? messages.loading
                  : loaded.hasFailed
                    ? messages.loadFailed
                    : messages.noResults}
              </Empty>
            )}
          >
            {(option) => <OptionItem option={option} />}
          </OptionListBox>
        </OptionPopover>
      </StyledComboBox>
      {props.selectionMode === 'multiple' && props.value.length > 0 && (
        <TagGroup
          aria-label={`${messages.selectedItems}: ${label}`}
          {...(isDisabled
            ? {}
            : { onRemove: (keys) => props.onChange(props.value.filter((id) => !keys.has(id))) })}
        >
          <Tags>
            {props.value.map((id) => (
              <Chip key={id} id={id} textValue={labelOf(id)}>
                {labelOf(id)}
                {!isDisabled && (
                  <RemoveButton slot="remove" aria-label={messages.removeItem}>
                    <Icon name="close" size={14} />
                  </RemoveButton>
                )}
              </Chip>
            ))}
          </Tags>
        </TagGroup>
      )}
    </Column>
  );
}

const Column = styled.div`
  ${fieldColumn}
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledComboBox = styled(ComboBox<FieldOption>)`
  ${fieldColumn}
`;

const InputGroup = styled(Group)`
  ${controlBox}
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  padding-inline-end: ${({ theme }) => theme.space[1]};
  [data-invalid] > & { border-color: ${({ theme }) => theme.color.danger}; }
`;

const StyledInput = styled(Input)`
  flex: 1 1 auto;
  min-width: 0;
  height: 42px;
  border: none;
  background: transparent;
  font: inherit;
  color: inherit;
  outline: none;
`;

const OpenButton = styled(RacButton)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 32px;
  height: 32px;
  border: none;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: inherit;
  cursor: pointer;
`;

const Spinner = styled.span`
  display: block;
  ${spinnerRing(16, 2, 'border')}
`;

const Tags = styled(TagList)`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[1]};
`;

const Chip = styled(Tag)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  padding: 2px 4px 2px 10px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.secondary};
  color: ${({ theme }) => theme.color.secondaryText};
  outline: none;
  &[data-focus-visible] { box-shadow: 0 0 0 2px ${({ theme }) => theme.color.focus}; }
`;

const RemoveButton = styled(RacButton)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 24px;
  height: 24px;
  border: none;
  border-radius: 50%;
  background: transparent;
  color: inherit;
  cursor: pointer;
  &[data-hovered] { background: ${({ theme }) => theme.color.secondaryHover}; }
`;
