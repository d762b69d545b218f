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

/** The user's setting as the date formatters take it (`formatDate(day, useEra())`). */
export function useEra(): { readonly buddhistEra: boolean } {
  return { buddhistEra: useContext(BuddhistEraContext) };
}

/**
 * A typed date on its way to the stored value. Typing a year passes through years no one means:
 * the first digit of 2026 commits the year 2, then 20, then 202; of 2568 BE the year 2 BE, 542 BC,
 * which no ISO value holds. Stored, each would be a value of its own (a screen asking the server
 * for the day 0002-11-30, then 0020-…) or, for the Buddhist era, null with the field emptied under
 * the user's fingers. So while the typed year has fewer than four digits, or the typed date has no
 * stored form, the field keeps showing it and the value is null; once the year is whole it is stored.
 */
/** The first year of four digits: a smaller one is a year still being typed. */
export const WHOLE_YEAR = 1000;

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
      if (typed && (typed.year < WHOLE_YEAR || readBack(next) === null)) {
        setDraft(typed);
        onChange(null);
        return;
      }
      setDraft(null);
      onChange(next);
    },
  };
}
