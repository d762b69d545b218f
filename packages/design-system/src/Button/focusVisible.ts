import { useState, useSyncExternalStore } from 'react';

/**
 * Focus rings as react-aria draws them (`useFocusVisible`), for the native buttons of the shell
 * (`PlainButton`, the account menu's button), without react-aria's code (issue 41): a ring when the
 * last input was a key (or a screen reader's click), none after a pointer went down. The
 * browser's `:focus-visible` differs where a script moves focus after typing (a test's clicks,
 * react-aria's own buttons beside these), and the screens must look as they did.
 */
let pointerLast = false;
const listeners = new Set<() => void>();

function set(pointer: boolean) {
  if (pointer === pointerLast) return;
  pointerLast = pointer;
  for (const listener of listeners) listener();
}

// As react-aria: a modifier alone, or a shortcut with Ctrl or Meta, is not keyboard navigation.
const onKey = (event: KeyboardEvent) => {
  if (event.metaKey || event.ctrlKey || ['Control', 'Shift', 'Meta', 'Alt'].includes(event.key)) return;
  set(false);
};
const onPointer = () => set(true);
// A click with no pointer down before it (detail 0): a screen reader's.
const onClick = (event: MouseEvent) => {
  if (event.detail === 0 && !(event as PointerEvent).pointerType) set(false);
};

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('keyup', onKey, true);
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('mousedown', onPointer, true);
    document.addEventListener('click', onClick, true);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    document.removeEventListener('keydown', onKey, true);
    document.removeEventListener('keyup', onKey, true);
    document.removeEventListener('pointerdown', onPointer, true);
    document.removeEventListener('mousedown', onPointer, true);
    document.removeEventListener('click', onClick, true);
  };
}

/** Whether the element has focus that should show (`data-focus-visible`), and the handlers that tell. */
export function useFocusVisible() {
  const [focused, setFocused] = useState(false);
  const visible = useSyncExternalStore(
    subscribe,
    () => !pointerLast,
    () => false,
  );
  return {
    isFocusVisible: focused && visible,
    focusProps: { onFocus: () => setFocused(true), onBlur: () => setFocused(false) },
  };
}
