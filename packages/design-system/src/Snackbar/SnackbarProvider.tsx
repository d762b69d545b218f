import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { SnackbarViewport } from './SnackbarViewport.tsx';
import {
  dismiss,
  enqueue,
  joinMessages,
  type SnackbarAction,
  type SnackbarDurations,
  type SnackbarEntry,
  type SnackbarLimits,
  type SnackbarPlacement,
  type SnackbarSeverity,
  snackbarDefaults,
} from './snackbarQueue.ts';

type Messages = string | readonly string[];

export interface SnackbarApi {
  /**
   * Snackbars (bottom-left, 5000 ms, close button): results and errors of operations. A success
   * may carry one action (an undo) and its own duration (how long the undo stays offered).
   */
  readonly success: (messages: Messages, options?: { action?: SnackbarAction; durationMs?: number }) => void;
  readonly warning: (messages: Messages) => void;
  readonly error: (messages: Messages) => void;
  /**
   * For errors that may be raised many times at once (several failing requests): identical
   * reports within the repeat window (2 s) are shown once, at the end of it, for 6000 ms.
   */
  readonly errorOnce: (messages: Messages) => void;
  /** Toasts (top-right, short): success 2000 ms, error 4000 ms. */
  readonly toast: {
    readonly success: (messages: Messages) => void;
    readonly error: (messages: Messages) => void;
  };
  readonly dismissAll: () => void;
}

/** Which stack a caller's snackbars count against: the default 3, or the spec's other setting, 12. */
export type SnackbarSetting = 'default' | 'many';

const SnackbarContext = createContext<Readonly<Record<SnackbarSetting, SnackbarApi>> | null>(null);

export interface SnackbarProviderProps {
  readonly children: ReactNode;
  /** Default 3 (spec §9); the other setting of the spec allows 12. */
  readonly maxSnackbars?: number;
  /** Default 12 (spec §9's other setting): the stack of `useSnackbar('many')` callers. */
  readonly maxManySnackbars?: number;
  /** Default 20. */
  readonly maxToasts?: number;
  /** Override durations (stories and tests use short ones). */
  readonly durations?: Partial<SnackbarDurations>;
}

export function SnackbarProvider({
  children,
  maxSnackbars = snackbarDefaults.limits.maxSnackbars,
  maxManySnackbars = snackbarDefaults.limits.maxManySnackbars,
  maxToasts = snackbarDefaults.limits.maxToasts,
  durations: durationOverrides,
}: SnackbarProviderProps) {
  const [queue, setQueue] = useState<readonly SnackbarEntry[]>([]);
  const nextId = useRef(1);
  const pendingOnce = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const durations = useMemo(
    () => ({ ...snackbarDefaults.durations, ...durationOverrides }),
    [durationOverrides],
  );

  const add = useCallback(
    (
      severity: SnackbarSeverity,
      placement: SnackbarPlacement,
      messages: Messages,
      durationMs: number,
      many = false,
      action?: SnackbarAction,
    ) => {
      const text = joinMessages(messages);
      const id = nextId.current++;
      setQueue((current) =>
        enqueue(current, { id, severity, placement, text, durationMs, many, ...(action ? { action } : {}) }),
      );
    },
    [],
  );

  const api = useMemo<Record<SnackbarSetting, SnackbarApi>>(() => {
    const build = (many: boolean): SnackbarApi => ({
      success: (messages, options) =>
        add(
          'success',
          'snackbar',
          messages,
          options?.durationMs ?? durations.snackbar,
          many,
          options?.action,
        ),
      warning: (messages) => add('warning', 'snackbar', messages, durations.snackbar, many),
      error: (messages) => add('error', 'snackbar', messages, durations.snackbar, many),
      errorOnce: (messages) => {
        const text = joinMessages(messages);
        if (text === '' || pendingOnce.current.has(text)) return;
        const timer = setTimeout(() => {
          pendingOnce.current.delete(text);
          add('error', 'snackbar', text, durations.errorOnce);
        }, durations.repeatWindow);
        pendingOnce.current.set(text, timer);
      },
      toast: {
        success: (messages) => add('success', 'toast', messages, durations.toastSuccess),
        error: (messages) => add('error', 'toast', messages, durations.toastError),
      },
      dismissAll: () => setQueue([]),
    });
    return { default: build(false), many: build(true) };
  }, [add, durations]);

  useEffect(() => {
    const pending = pendingOnce.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const limits: SnackbarLimits = { maxSnackbars, maxManySnackbars, maxToasts };
  const onDismiss = useCallback((id: number) => setQueue((current) => dismiss(current, id)), []);

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      <SnackbarViewport queue={queue} limits={limits} onDismiss={onDismiss} />
    </SnackbarContext.Provider>
  );
}

/**
 * The snackbar API of the nearest `SnackbarProvider`. `'many'`: the caller's snackbars stack up to
 * the spec's other setting (12), for a place where many results arrive at once (bulk actions).
 */
export function useSnackbar(setting: SnackbarSetting = 'default'): SnackbarApi {
  const api = useContext(SnackbarContext);
  if (!api) throw new Error('useSnackbar() needs a <SnackbarProvider> above it');
  return api[setting];
}
