import {
  CommandPalette,
  type PaletteItem,
  type PaletteKind,
  ShortcutHelp,
  useShortcut,
} from '@lms/design-system';
import { entityPagePath, findEntity } from '@lms/domain';
import { useRecordSearch } from '@lms/entity-pages';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { menuGroupsFor } from '../layout/menuGroups.ts';

/**
 * The keyboard's way around the app (issue 22 item 6): Ctrl/⌘-K opens the command palette over
 * any page (even from a form's text field), `?` the list of shortcuts. The palette's screens are
 * the drawer's menu for the user's roles (one list, `menuGroupsFor`); its records come from
 * `GET /search`. Leaving a form with unsaved input is still asked about (UnsavedChangesGuard).
 */
export function KeyboardLayer({ roles }: { roles: readonly string[] | undefined }) {
  const navigate = useNavigate();
  const [palette, setPalette] = useState(false);
  const [help, setHelp] = useState(false);
  const [query, setQuery] = useState('');
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

  const open = () => {
    setHelp(false);
    setQuery('');
    setPalette(true);
  };
  useShortcut('palette', () => (palette ? setPalette(false) : open()), { anywhere: true });
  useShortcut('help', () => setHelp(true), { enabled: !palette });

  const select = (item: PaletteItem, kind: PaletteKind) => {
    setPalette(false);
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
        onClose={() => setPalette(false)}
        query={query}
        onQueryChange={setQuery}
        screens={screens}
        records={records}
        recordsStatus={search.status}
        recordsError={search.error?.messages.join(' ')}
        onSelect={select}
      />
      <ShortcutHelp isOpen={help} onClose={() => setHelp(false)} />
    </>
  );
}
