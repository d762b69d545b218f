import { type KeyboardEvent, useRef } from 'react';
import {
  Autocomplete,
  Dialog,
  Header,
  Input,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  SearchField,
  useFilter,
} from 'react-aria-components';
import styled from 'styled-components';
import { controlBox } from '../Field/fieldStyles.ts';
import { DialogOverlay, DialogSurface, LoadingBar } from '../FormDialog/DialogFrame.tsx';
import { Icon } from '../Icon/Icon.tsx';
import type { IconName } from '../Icon/paths.ts';
import { messages } from '../messages.ts';
import { menuListItem, pickerSearchInput } from '../theme/pickerStyles.ts';

export interface PaletteItem {
  readonly id: string;
  readonly label: string;
  /** A second line: the screen's menu group, the record's entity. */
  readonly description?: string;
  readonly icon?: IconName;
}

export type PaletteKind = 'screen' | 'record';

/** Where the record search is: nothing asked yet (term too short), asking, answered, failed. */
export type PaletteRecordsStatus = 'idle' | 'loading' | 'done' | 'error';

export interface CommandPaletteProps {
  readonly isOpen: boolean;
  readonly onClose: () => void;
  /** What the user typed; the host searches records with it. */
  readonly query: string;
  readonly onQueryChange: (query: string) => void;
  /** Every screen the user may open; the palette keeps those whose label or group contains the query. */
  readonly screens: readonly PaletteItem[];
  /** Records the host found for the query (already limited and allowed). */
  readonly records: readonly PaletteItem[];
  readonly recordsStatus: PaletteRecordsStatus;
  /** The failure's Thai message when `recordsStatus` is `error`. */
  readonly recordsError?: string;
  readonly onSelect: (item: PaletteItem, kind: PaletteKind) => void;
}

const keyOf = (kind: PaletteKind, id: string) => `${kind}:${id}`;

/**
 * Ctrl/⌘-K (issue 22 item 6): one search box over the screens the user may open and the records
 * found by code or document number. Arrows move through both lists without leaving the box,
 * Enter opens, Escape closes. A modal of the one overlay stack (DialogFrame, `layer.dialog`).
 */
export function CommandPalette({
  isOpen,
  onClose,
  query,
  onQueryChange,
  screens,
  records,
  recordsStatus,
  recordsError,
  onSelect,
}: CommandPaletteProps) {
  const { contains } = useFilter({ sensitivity: 'base' });
  const term = query.trim();
  const shownScreens = term
    ? screens.filter(
        (s) => contains(s.label, term) || (s.description ? contains(s.description, term) : false),
      )
    : screens;
  const byKey = new Map<string, [PaletteItem, PaletteKind]>();
  for (const s of shownScreens) byKey.set(keyOf('screen', s.id), [s, 'screen']);
  for (const r of records) byKey.set(keyOf('record', r.id), [r, 'record']);
  const status =
    recordsStatus === 'loading'
      ? messages.paletteRecordsLoading
      : recordsStatus === 'error'
        ? (recordsError ?? messages.loadError)
        : recordsStatus === 'idle' && term
          ? messages.paletteTypeMore
          : null;

  const results = useRef<HTMLDivElement>(null);
  // Enter in the box opens the option the list shows focused, or once something is typed the first
  // match (which typing focuses). react-aria's Autocomplete acts on the option it last tracked, and
  // with the palette over a form dialog it lost track of it once the record search answered, or
  // focused no match at all when the palette was opened again: Enter then did nothing until an
  // arrow key was pressed (keyboard.e2e, the leave question).
  const openShownOption = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (!(event.target instanceof HTMLInputElement)) return;
    const list = results.current;
    const shown =
      list?.querySelector<HTMLElement>('[role="option"][data-focused]') ??
      (term ? list?.querySelector<HTMLElement>('[role="option"]') : null);
    const found = shown?.dataset.key ? byKey.get(shown.dataset.key) : undefined;
    if (!found) return;
    event.preventDefault();
    event.stopPropagation();
    onSelect(...found);
  };

  return (
    <Overlay isOpen={isOpen} onOpenChange={(open) => !open && onClose()} isDismissable>
      <Surface data-max-width="sm" data-full-width="">
        <Dialog aria-label={messages.paletteTitle}>
          {/* Only listens: the keys come from the search box inside it. */}
          <KeyScope onKeyDownCapture={openShownOption}>
            <Autocomplete inputValue={query} onInputChange={onQueryChange}>
              <Search aria-label={messages.paletteSearch} autoFocus>
                <Icon name="search" size={20} />
                <SearchInput placeholder={messages.paletteSearch} />
              </Search>
              <LoadingBar isActive={recordsStatus === 'loading'} label={messages.paletteRecordsLoading} />
              <Results
                ref={results}
                aria-label={messages.paletteTitle}
                onAction={(key) => {
                  const found = byKey.get(String(key));
                  if (found) onSelect(...found);
                }}
                renderEmptyState={() =>
                  recordsStatus === 'loading' ? null : <Empty>{messages.paletteNoMatch}</Empty>
                }
              >
                {records.length > 0 && (
                  <ListBoxSection>
                    <SectionHeader>{messages.paletteRecords}</SectionHeader>
                    {records.map((record) => (
                      <Row
                        key={record.id}
                        item={record}
                        id={keyOf('record', record.id)}
                        fallbackIcon="file"
                      />
                    ))}
                  </ListBoxSection>
                )}
                {shownScreens.length > 0 && (
                  <ListBoxSection>
                    <SectionHeader>{messages.paletteScreens}</SectionHeader>
                    {shownScreens.map((screen) => (
                      <Row
                        key={screen.id}
                        item={screen}
                        id={keyOf('screen', screen.id)}
                        fallbackIcon="list"
                      />
                    ))}
                  </ListBoxSection>
                )}
              </Results>
            </Autocomplete>
          </KeyScope>
          <Footer>
            <Status role="status" data-tone={recordsStatus === 'error' ? 'error' : undefined}>
              {status}
            </Status>
            <Hint>{messages.paletteHint}</Hint>
          </Footer>
        </Dialog>
      </Surface>
    </Overlay>
  );
}

function Row({ item, id, fallbackIcon }: { item: PaletteItem; id: string; fallbackIcon: IconName }) {
  return (
    <Item id={id} textValue={item.description ? `${item.label} ${item.description}` : item.label}>
      <Icon name={item.icon ?? fallbackIcon} size={20} />
      <Text>
        <span>{item.label}</span>
        {item.description && <small>{item.description}</small>}
      </Text>
    </Item>
  );
}

/** A box of no layout of its own around the search and its list. */
const KeyScope = styled.div`
  display: contents;
`;

/** Near the top, as palettes are: the list grows downwards without moving the box. */
const Overlay = styled(DialogOverlay)`
  align-items: flex-start;
  padding-top: 10vh;
  @media (max-width: 599px) { padding: ${({ theme }) => theme.space[2]}; }
`;

const Surface = styled(DialogSurface)`
  & > [role='dialog'] { max-height: min(36rem, calc(100vh - 12vh - 16px)); }
`;

const Search = styled(SearchField)`
  ${controlBox}
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  /* Inside the dialog's padding, not beside it: the box is 100% wide. */
  width: auto;
  margin: ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.color.textMuted};
`;

const SearchInput = styled(Input)`
  ${pickerSearchInput}
  font-size: ${({ theme }) => theme.font.size.lg};
`;

const Results = styled(ListBox)`
  flex: 1 1 auto;
  min-height: 0;
  overflow-y: auto;
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[2]}`};
  outline: none;
`;

const SectionHeader = styled(Header)`
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[2]} ${theme.space[1]}`};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Item = styled(ListBoxItem)`
  ${menuListItem}
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[2]}`};
  & > svg { flex: none; color: ${({ theme }) => theme.color.textMuted}; }
`;

const Text = styled.span`
  display: flex;
  flex-direction: column;
  min-width: 0;
  & > span { overflow-wrap: anywhere; }
  & > small { color: ${({ theme }) => theme.color.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; overflow-wrap: anywhere; }
`;

const Empty = styled.div`
  padding: ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.color.textMuted};
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;

const Status = styled.span`
  min-width: 0;
  overflow-wrap: anywhere;
  &[data-tone='error'] { color: ${({ theme }) => theme.color.danger}; }
`;

const Hint = styled.span`
  @media (max-width: 599px) { display: none; }
`;
