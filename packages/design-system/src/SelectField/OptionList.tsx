import { memo } from 'react';
import { Collection, Header, ListBox, ListBoxItem, ListBoxSection, Popover } from 'react-aria-components';
import styled from 'styled-components';
import type { FieldOption } from '../Field/Field.tsx';
import { Icon } from '../Icon/Icon.tsx';
import { messages } from '../messages.ts';

interface OptionSection {
  readonly label: string;
  readonly options: readonly FieldOption[];
}

/** The options under their `section` headings, or null when none has one (a flat list). */
function sectionsOf(options: readonly FieldOption[]): OptionSection[] | null {
  if (!options.some((option) => option.section !== undefined)) return null;
  const sections = new Map<string, FieldOption[]>();
  for (const option of options) {
    const label = option.section ?? '';
    sections.set(label, [...(sections.get(label) ?? []), option]);
  }
  return [...sections].map(([label, sectionOptions]) => ({ label, options: sectionOptions }));
}

/** The popover list of options shared by SelectField, MultiSelectField and ReferenceField. */
export function OptionList({ options }: { readonly options: readonly FieldOption[] }) {
  const sections = sectionsOf(options);
  return (
    <OptionPopover>
      {sections ? (
        <OptionListBox>
          {sections.map((section) => (
            <StyledSection key={section.label} id={`section:${section.label}`}>
              {section.label && <SectionHeader>{section.label}</SectionHeader>}
              <Collection items={section.options}>{(option) => <OptionItem option={option} />}</Collection>
            </StyledSection>
          ))}
        </OptionListBox>
      ) : (
        <OptionListBox items={options} renderEmptyState={() => <Empty>{messages.noOptions}</Empty>}>
          {(option) => <OptionItem option={option} />}
        </OptionListBox>
      )}
    </OptionPopover>
  );
}

/**
 * One option. Memoized on what it shows (issue 41): a closed select still renders its options
 * (react-aria builds its collection from them), and pages pass options built again each render
 * (the planning board's trucks on every stop), so equal options must not draw again.
 */
export const OptionItem = memo(
  function OptionItem({ option }: { readonly option: FieldOption }) {
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
  },
  (before, after) =>
    before.option.id === after.option.id &&
    before.option.label === after.option.label &&
    before.option.section === after.option.section,
);

export const OptionPopover = styled(Popover)`
  min-width: var(--trigger-width);
  /* Long labels wrap rather than widen the page past a phone's screen. */
  max-width: calc(100vw - 2 * ${({ theme }) => theme.space[3]});
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

const StyledSection = styled(ListBoxSection)`
  & + & { margin-top: ${({ theme }) => theme.space[1]}; }
`;

/** Stays in view while its options scroll under it. */
const SectionHeader = styled(Header)`
  position: sticky;
  top: 0;
  z-index: 1;
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;
