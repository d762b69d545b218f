import { useRef, useState } from 'react';

/**
 * A field typed freely and sent as one edit when it loses focus: typing 09:30 passes through
 * 09:03, which must not become an edit of its own. The caller keys the field by `saved`, so a
 * new saved value (or an undo) starts it afresh.
 */
export function useEditOnBlur<T>(saved: T, onEdit: (value: T) => void) {
  const [value, setValue] = useState(saved);
  // NumberField reports its value in the same blur, before this component renders it.
  const latest = useRef(saved);
  return {
    value,
    onChange: (next: T) => {
      latest.current = next;
      setValue(next);
    },
    onBlur: () => {
      if (latest.current !== saved) onEdit(latest.current);
    },
  };
}
