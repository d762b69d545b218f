/** The pure part of the snackbar system: what is queued, what is visible, what is a duplicate. */

export type SnackbarSeverity = 'success' | 'warning' | 'error';
/** `snackbar`: bottom-left, for results and errors of operations. `toast`: top-right, short confirmations. */
export type SnackbarPlacement = 'snackbar' | 'toast';

export interface SnackbarEntry {
  readonly id: number;
  readonly severity: SnackbarSeverity;
  readonly placement: SnackbarPlacement;
  /** Several messages joined by line breaks. */
  readonly text: string;
  readonly durationMs: number;
  /** Counted against the spec's other, larger stack (`maxManySnackbars`): bulk results and the like. */
  readonly many?: boolean;
  /** One button beside the text (e.g. "เลิกทำ"); pressing it runs it and closes the snackbar. */
  readonly action?: SnackbarAction;
}

export interface SnackbarAction {
  readonly label: string;
  readonly onAction: () => void;
}

export interface SnackbarLimits {
  /** Snackbars visible at once (spec §9: 3 by default, 12 in another setting). */
  readonly maxSnackbars: number;
  /**
   * The spec's other setting, 12: snackbars of a place where many messages pile up in a moment
   * (the results of bulk actions, docs/entity-pages.md) may stack this high.
   */
  readonly maxManySnackbars: number;
  /** Toasts visible at once (spec §9: 20). */
  readonly maxToasts: number;
}

export interface SnackbarDurations {
  /** Any snackbar (spec §9: 5000 ms). */
  readonly snackbar: number;
  /** A one-time error, shown after the repeat window (spec §9: 6000 ms). */
  readonly errorOnce: number;
  readonly toastSuccess: number;
  readonly toastError: number;
  /** Identical one-time errors reported within this window are shown once, at its end (spec §8: 2 s). */
  readonly repeatWindow: number;
}

/** Spec §9 values. */
export const snackbarDefaults = {
  limits: { maxSnackbars: 3, maxManySnackbars: 12, maxToasts: 20 } satisfies SnackbarLimits,
  durations: {
    snackbar: 5000,
    errorOnce: 6000,
    toastSuccess: 2000,
    toastError: 4000,
    repeatWindow: 2000,
  } satisfies SnackbarDurations,
} as const;

export function joinMessages(messages: string | readonly string[]): string {
  return (typeof messages === 'string' ? [messages] : messages)
    .map((message) => message.trim())
    .filter((message) => message !== '')
    .join('\n');
}

function isSame(a: Omit<SnackbarEntry, 'id' | 'durationMs'>, b: Omit<SnackbarEntry, 'id' | 'durationMs'>) {
  return a.placement === b.placement && a.severity === b.severity && a.text === b.text;
}

/** Adds an entry unless it is empty or an identical one is already shown or waiting. */
export function enqueue(queue: readonly SnackbarEntry[], entry: SnackbarEntry): readonly SnackbarEntry[] {
  if (entry.text === '' || queue.some((queued) => isSame(queued, entry))) return queue;
  return [...queue, entry];
}

export function dismiss(queue: readonly SnackbarEntry[], id: number): readonly SnackbarEntry[] {
  return queue.filter((entry) => entry.id !== id);
}

/**
 * The first entries of a placement up to its limit; later ones wait (their timers start once shown).
 * A `many` snackbar is shown while fewer than `maxManySnackbars` are, any other while fewer than
 * `maxSnackbars` are.
 */
export function visibleEntries(
  queue: readonly SnackbarEntry[],
  placement: SnackbarPlacement,
  limits: SnackbarLimits,
): readonly SnackbarEntry[] {
  const entries = queue.filter((entry) => entry.placement === placement);
  if (placement === 'toast') return entries.slice(0, limits.maxToasts);
  const shown: SnackbarEntry[] = [];
  for (const entry of entries)
    if (shown.length < (entry.many ? limits.maxManySnackbars : limits.maxSnackbars)) shown.push(entry);
  return shown;
}
