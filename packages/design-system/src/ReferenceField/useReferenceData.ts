import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldOption } from '../Field/Field.tsx';

type OptionId = FieldOption['id'];

export interface LoadedOptions {
  readonly options: readonly FieldOption[];
  readonly isLoading: boolean;
  readonly hasFailed: boolean;
}

/** Options for the search term, loaded `delayMs` after the last keystroke; stale answers are dropped. */
export function useDebouncedOptions(
  loadOptions: (searchTerm: string) => Promise<readonly FieldOption[]>,
  searchTerm: string,
  isActive: boolean,
  delayMs: number,
): LoadedOptions {
  const [state, setState] = useState<LoadedOptions>({ options: [], isLoading: false, hasFailed: false });
  useEffect(() => {
    if (!isActive) return;
    let isCurrent = true;
    setState((current) => ({ ...current, isLoading: true }));
    const timer = setTimeout(() => {
      loadOptions(searchTerm.trim()).then(
        (options) => isCurrent && setState({ options, isLoading: false, hasFailed: false }),
        () => isCurrent && setState({ options: [], isLoading: false, hasFailed: true }),
      );
    }, delayMs);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [loadOptions, searchTerm, isActive, delayMs]);
  return state;
}

/**
 * Labels for the ids in the value: known ones from options already seen, the rest asked once
 * through `loadLabels` in one batch (a form with a stored id shows its label, not the id).
 */
export function useReferenceLabels(
  ids: readonly OptionId[],
  loadLabels: (ids: readonly OptionId[]) => Promise<readonly FieldOption[]>,
) {
  const [labels, setLabels] = useState<ReadonlyMap<OptionId, string>>(new Map());
  const requested = useRef(new Set<OptionId>());

  const remember = useCallback((options: readonly FieldOption[]) => {
    setLabels((current) => {
      if (options.every((option) => current.get(option.id) === option.label)) return current;
      const next = new Map(current);
      for (const option of options) next.set(option.id, option.label);
      return next;
    });
  }, []);

  // Runs after each render but asks only for ids never requested before.
  useEffect(() => {
    const missing = ids.filter((id) => !labels.has(id) && !requested.current.has(id));
    if (missing.length === 0) return;
    for (const id of missing) requested.current.add(id);
    loadLabels(missing).then(remember, () => undefined);
  }, [ids, labels, loadLabels, remember]);

  return { labels, remember };
}
