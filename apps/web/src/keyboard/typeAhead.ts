import { useEffect, useRef } from 'react';

// Long enough for the palette's chunk on a slow line; after it, keys go where they would have.
const GIVE_UP_MS = 10_000;
const ACTING_KEYS = new Set(['Enter', 'Escape', 'Tab']);

/**
 * What is typed between Ctrl-K and the palette's search box taking the focus. The palette opens
 * after the key event, and its chunk may still be on its way: without this, those keys land in
 * the page's focused field (a form's code got the first letters of the search) and are lost to
 * the search. `start`, called inside the key event, takes the text typed from then on (keys, and
 * text put in without a key: an on-screen keyboard, an emoji picker) away from the page and
 * hands it to `onText`, until the focus moves — to the palette's box, which shows that text.
 * Nothing moves the focus meanwhile: a form dialog that holds the focus keeps holding it.
 */
export function useTypeAhead(onText: (text: string) => void) {
  const typed = useRef('');
  const stop = useRef<() => void>(() => {});
  const latest = useRef(onText);
  latest.current = onText;

  useEffect(() => () => stop.current(), []);

  const start = () => {
    stop.current();
    typed.current = '';
    const take = (text: string, event: Event) => {
      event.preventDefault();
      event.stopImmediatePropagation();
      typed.current = text;
      latest.current(text);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'Backspace') take(typed.current.slice(0, -1), event);
      else if (event.key.length === 1) take(typed.current + event.key, event);
      // Meant for the palette: Enter must not submit the form behind it, nor Escape close it.
      else if (ACTING_KEYS.has(event.key)) take(typed.current, event);
    };
    const onBeforeInput = (event: InputEvent) => {
      if (event.inputType === 'insertText' && event.data) take(typed.current + event.data, event);
    };
    const end = () => {
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('beforeinput', onBeforeInput, true);
      window.removeEventListener('focusin', end, true);
      clearTimeout(timer);
      stop.current = () => {};
    };
    const timer = setTimeout(end, GIVE_UP_MS);
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('beforeinput', onBeforeInput, true);
    window.addEventListener('focusin', end, true);
    stop.current = end;
  };

  return { start, text: () => typed.current };
}
