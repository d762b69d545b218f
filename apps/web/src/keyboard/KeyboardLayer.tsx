import { useShortcut, whenIdle } from '@lms/design-system';
import { lazy, Suspense, useEffect, useState } from 'react';

const loadDialogs = () => import('./KeyboardDialogs.tsx');
const KeyboardDialogs = lazy(() => loadDialogs().then((m) => ({ default: m.KeyboardDialogs })));

/**
 * The keyboard's way around the app (issue 22 item 6): Ctrl/⌘-K opens the command palette over
 * any page (even from a form's text field), `?` the list of shortcuts. Both dialogs are a chunk
 * of their own (KeyboardDialogs.tsx), fetched once the first screen is up (so that what is
 * typed right after the first Ctrl-K reaches the palette), mounted the first time one opens.
 * Leaving a form with unsaved input is still asked about (UnsavedChangesGuard).
 */
export function KeyboardLayer({ roles }: { roles: readonly string[] | undefined }) {
  const [palette, setPalette] = useState(false);
  const [help, setHelp] = useState(false);
  const [query, setQuery] = useState('');
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(loadDialogs), []);

  const open = () => {
    setHelp(false);
    setQuery('');
    setPalette(true);
    setWanted(true);
  };
  useShortcut('palette', () => (palette ? setPalette(false) : open()), { anywhere: true });
  useShortcut(
    'help',
    () => {
      setHelp(true);
      setWanted(true);
    },
    { enabled: !palette },
  );

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <KeyboardDialogs
        roles={roles}
        palette={palette}
        help={help}
        query={query}
        onQueryChange={setQuery}
        onClosePalette={() => setPalette(false)}
        onCloseHelp={() => setHelp(false)}
      />
    </Suspense>
  );
}
