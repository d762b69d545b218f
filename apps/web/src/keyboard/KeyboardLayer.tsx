import { useShortcut, whenIdle } from '@lms/design-system';
import { lazyComponent } from '@lms/design-system/lazyComponent';
import { Suspense, useEffect, useState } from 'react';
import { useTypeAhead } from './typeAhead.ts';

const KeyboardDialogs = lazyComponent(() => import('./KeyboardDialogs.tsx').then((m) => m.KeyboardDialogs));

/**
 * The keyboard's way around the app (issue 22 item 6): Ctrl/⌘-K opens the command palette over
 * any page (even from a form's text field), `?` the list of shortcuts. Both dialogs are a chunk
 * of their own (KeyboardDialogs.tsx), fetched and mounted closed once the first screen is up, so
 * that it opens at once (or mounted by the first Ctrl-K before that); what is typed between
 * Ctrl-K and the palette's box taking the focus is kept for its search (typeAhead.ts).
 * Leaving a form with unsaved input is still asked about (UnsavedChangesGuard).
 */
export function KeyboardLayer({ roles }: { roles: readonly string[] | undefined }) {
  const [palette, setPalette] = useState(false);
  const [help, setHelp] = useState(false);
  const [query, setQuery] = useState('');
  const [wanted, setWanted] = useState(false);
  const typeAhead = useTypeAhead(setQuery);
  // Mounted (closed) as soon as the chunk is in: the first Ctrl-K then opens it at once, as before the split.
  useEffect(() => whenIdle(() => KeyboardDialogs.preload().then(() => setWanted(true))), []);

  const open = () => {
    setHelp(false);
    // What was typed since Ctrl-K, while the palette was still on its way.
    setQuery(typeAhead.text());
    setPalette(true);
    setWanted(true);
  };
  useShortcut('palette', () => (palette ? setPalette(false) : open()), {
    anywhere: true,
    // The keys typed after Ctrl-K are the palette's, even before it has drawn (typeAhead.ts).
    inKeyEvent: () => {
      if (!palette) typeAhead.start();
    },
  });
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
