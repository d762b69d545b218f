import type { DateValue } from '@internationalized/date';
import { createContext, type ReactNode, useContext, useState } from 'react';

const BuddhistEraContext = createContext(false);

/**
 * The signed-in user's พ.ศ. setting (issue 22 item 8) for every date field inside: years are shown
 * and typed in the Buddhist era (2568 typed is 2025 stored). The host sets it once, from the user.
 */
export function BuddhistEraProvider({ value, children }: { value: boolean; children: ReactNode }) {
  return <BuddhistEraContext.Provider value={value}>{children}</BuddhistEraContext.Provider>;
}

/** A field's own `buddhistEra` wins; otherwise the user's setting. */
export function useBuddhistEra(own: boolean | undefined): boolean {
  const setting = useContext(BuddhistEraContext);
  return own ?? setting;
}

/**
 * A typed date on its way to the stored value. Typing a Buddhist-era year passes through years no
 * ISO value holds (the first digit of 2568 commits 2 BE, 542 BC): without this the value would be
 * null and the field emptied under the user's fingers. While the typed date has no stored form
 * the field keeps showing it and the value is null; once the year is whole it is stored.
 */
export function useTypedDate(
  stored: DateValue | null,
  onChange: (value: string | null) => void,
  toStored: (typed: DateValue | null) => string | null,
  readBack: (value: string | null) => DateValue | null,
): { value: DateValue | null; onChange: (typed: DateValue | null) => void } {
  const [draft, setDraft] = useState<DateValue | null>(null);
  return {
    value: stored ?? draft,
    onChange: (typed) => {
      const next = toStored(typed);
      if (typed && readBack(next) === null) {
        setDraft(typed);
        onChange(null);
        return;
      }
      setDraft(null);
      onChange(next);
    },
  };
}
