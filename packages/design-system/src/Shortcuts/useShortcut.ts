import { type RefObject, useEffect, useRef } from 'react';
import { isTextField, matchesShortcut, type ShortcutName, shortcuts } from './shortcuts.ts';

export interface UseShortcutOptions {
  /** Off while false (the action is not offered: no create right, no next page). */
  readonly enabled?: boolean;
  /**
   * Fires only while focus is inside this element (a form dialog's save). Without it the
   * shortcut belongs to the page and stays quiet while a dialog holds the focus.
   */
  readonly within?: RefObject<Element | null>;
  /** Fires while a dialog holds the focus too (the palette and help, which open over anything). */
  readonly anywhere?: boolean;
  /**
   * Runs inside the key event, before `action` (which runs after it): what must happen before the
   * next key arrives (the palette takes the keys typed next as its search).
   */
  readonly inKeyEvent?: () => void;
}

const inDialog = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"]') !== null;

/**
 * Runs `action` when the named shortcut is pressed (shortcuts.ts). Never while typing in a text
 * field, except for the shortcuts marked `inTextField` (palette, save); never on a key held down.
 */
export function useShortcut(name: ShortcutName, action: () => void, options: UseShortcutOptions = {}) {
  const { enabled = true, within, anywhere = false } = options;
  const latest = useRef(action);
  latest.current = action;
  const latestInKeyEvent = useRef(options.inKeyEvent);
  latestInKeyEvent.current = options.inKeyEvent;
  useEffect(() => {
    if (!enabled) return;
    const shortcut = shortcuts[name];
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.isComposing) return;
      if (!matchesShortcut(event, shortcut)) return;
      const target = event.target;
      if (!shortcut.inTextField && isTextField(target)) return;
      if (within) {
        if (!(target instanceof Node) || !within.current?.contains(target)) return;
      } else if (!anywhere && inDialog(target)) return;
      event.preventDefault();
      latestInKeyEvent.current?.();
      // After the key event, not inside it: an action that submits a form or moves focus would
      // otherwise start React work while React may still be handling this very event.
      setTimeout(() => latest.current(), 0);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [name, enabled, within, anywhere]);
}
