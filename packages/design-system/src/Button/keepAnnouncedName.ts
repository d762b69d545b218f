import { type RefObject, useLayoutEffect } from 'react';

/**
 * react-aria-components' `Button` announces the start and end of its pending state through
 * react-aria's live announcer: a node `<div role="img" aria-labelledby="{the button's id} …">` in
 * the announcer's log, removed seven seconds later. A button that goes within those seconds — the
 * save that closes its dialog, the driver's proof form replaced by the stop it recorded — leaves
 * that node naming an element that no longer exists: an image without a name, axe's
 * `role-img-alt` ("serious"), on the screen after every such save (adobe/react-spectrum#10579).
 * The announcer is not exported, so it cannot be told; instead, as the button goes, each node that
 * names it is given the words the button had, as its own `aria-label` — now, and once more after
 * the page's first announcement, which the announcer holds back 100 ms while its log is new.
 */
const FIRST_ANNOUNCEMENT_MS = 150;

export function useKeepAnnouncedName(element: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const button = element.current;
    return () => {
      if (!button?.id) return;
      // The announcer speaks only for a focused button. Its words are read only then (one layout),
      // not for each of the many buttons a screen takes away.
      if (button.contains(document.activeElement)) {
        const words = wordsOf(button);
        keep(button.id, words);
        setTimeout(() => keep(button.id, words), FIRST_ANNOUNCEMENT_MS);
      } else keep(button.id, null, button);
    };
  }, [element]);
}

function wordsOf(button: HTMLElement): string {
  // biome-ignore lint/performance/useDomNodeTextContent: the words as they are named: a pending button's label is kept for its width but hidden (buttonLook.tsx), and only its working text is read
  return (button.getAttribute('aria-label') || button.innerText || '').trim();
}

/** Gives each announcer node naming `id` these words (read from `button` when first needed). */
function keep(id: string, known: string | null, button?: HTMLElement): void {
  let words = known;
  for (const node of document.querySelectorAll('[data-live-announcer] [aria-labelledby]')) {
    if (!node.getAttribute('aria-labelledby')?.split(' ').includes(id)) continue;
    words ??= button ? wordsOf(button) : '';
    if (words) node.setAttribute('aria-label', words);
    else node.removeAttribute('role');
    node.removeAttribute('aria-labelledby');
  }
}
