import { CommandPalette, type PaletteItem, type PaletteKind, ShortcutHelp } from '@lms/design-system';
import { entityPagePath, findEntity } from '@lms/domain';
import { useRecordSearch } from '@lms/entity-pages';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { menuGroupsFor } from '../layout/menuGroups.ts';

export interface KeyboardDialogsProps {
  readonly roles: readonly string[] | undefined;
  readonly palette: boolean;
  readonly help: boolean;
  readonly query: string;
  readonly onQueryChange: (query: string) => void;
  readonly onClosePalette: () => void;
  readonly onCloseHelp: () => void;
}

/**
 * The command palette and the shortcut list, loaded the first time one of them opens (the shell
 * carries only the shortcuts' listeners, KeyboardLayer). The palette's screens are the drawer's
 * menu for the user's roles (one list, `menuGroupsFor`); its records come from `GET /search`.
 */
export function KeyboardDialogs(props: KeyboardDialogsProps) {
  const { roles, palette, query } = props;
  const navigate = useNavigate();
  const screens = useMemo<PaletteItem[]>(
    () =>
      menuGroupsFor(roles).flatMap((group) =>
        group.items.map((item) => ({
          id: item.href,
          label: item.label,
          description: group.label,
          icon: item.icon,
        })),
      ),
    [roles],
  );
  const search = useRecordSearch(palette ? query : '');
  const records = useMemo<PaletteItem[]>(
    () =>
      search.records.flatMap((record) => {
        const entity = findEntity(record.entity);
        return entity ? [{ id: record.id, label: record.label, description: entity.title }] : [];
      }),
    [search.records],
  );

  const select = (item: PaletteItem, kind: PaletteKind) => {
    props.onClosePalette();
    if (kind === 'screen') {
      void navigate(item.id);
      return;
    }
    const found = search.records.find((record) => record.id === item.id);
    const entity = found && findEntity(found.entity);
    if (found && entity) void navigate(entityPagePath(entity, 'show', found.id));
  };

  return (
    <>
      <CommandPalette
        isOpen={palette}
        onClose={props.onClosePalette}
        query={query}
        onQueryChange={props.onQueryChange}
        screens={screens}
        records={records}
        recordsStatus={search.status}
        recordsError={search.error?.messages.join(' ')}
        onSelect={select}
      />
      <ShortcutHelp isOpen={props.help} onClose={props.onCloseHelp} />
    </>
  );
}
