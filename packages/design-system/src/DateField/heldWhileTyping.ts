import type { DateValue } from '@internationalized/date';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { WHOLE_YEAR } from './buddhistEra.tsx';

/** How long typing may pause before the typed date is passed on. */
export const TYPING_PAUSE_MS = 600;

/**
 * A date typed into a field's segments, held back until the typing is done (`holdWhileTyping`).
 * Typing 01/12 over 30/11 passes through 01/11 and 01/01, real days a screen would ask the server
 * for, one request each. Held, a typed change is passed on when the typing pauses, when focus
 * leaves the field, or at once when its last segment is typed with the year whole (the year of a
 * day, the minute of a moment: the date is complete). A day picked from the calendar, or any
 * change not typed, is passed on at once.
 *
 * A change counts as typed when focus is on one of the field's own segments (react-aria's
 * spinbuttons); a calendar pick has focus in the popover, outside the field.
 */
export function useHeldWhileTyping(
  enabled: boolean,
  value: DateValue | null,
  onChange: (value: DateValue | null) => void,
  field: RefObject<HTMLElement | null>,
): { value: DateValue | null; onChange: (value: DateValue | null) => void; onBlur: () => void } {
  const [held, setHeld] = useState<{ value: DateValue | null } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The latest onChange and held value, for the timer and the blur that outlive the render.
  const latest = useRef({ onChange, held });
  latest.current = { onChange, held };
  useEffect(() => () => clearTimeout(timer.current), []);

  const passOn = () => {
    clearTimeout(timer.current);
    const pending = latest.current.held;
    if (!pending) return;
    setHeld(null);
    latest.current.held = null;
    latest.current.onChange(pending.value);
  };

  return {
    value: held ? held.value : value,
    onChange: (next) => {
      clearTimeout(timer.current);
      const segment = enabled ? typedSegment(field.current) : 'none';
      const whole = segment === 'last' && next !== null && next.year >= WHOLE_YEAR;
      if (segment === 'none' || whole) {
        setHeld(null);
        latest.current.held = null;
        onChange(next);
        return;
      }
      setHeld({ value: next });
      latest.current.held = { value: next };
      timer.current = setTimeout(passOn, TYPING_PAUSE_MS);
    },
    onBlur: passOn,
  };
}

/** Which of the field's segments has focus: its last, another, or none (a calendar pick). */
function typedSegment(field: HTMLElement | null): 'last' | 'inner' | 'none' {
  const active = document.activeElement;
  if (!field || !active || active.getAttribute('role') !== 'spinbutton' || !field.contains(active))
    return 'none';
  const segments = field.querySelectorAll('[role="spinbutton"]');
  return segments[segments.length - 1] === active ? 'last' : 'inner';
}
