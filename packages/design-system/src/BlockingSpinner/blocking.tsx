import {
  createContext,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { lazyComponent } from '../lazyComponent.ts';
import { useSnackbar } from '../Snackbar/index.ts';
import { whenIdle } from '../whenIdle.ts';
import { LoadingScreen } from './LoadingScreen.tsx';

/**
 * The modal spinner (react-aria's Modal, FocusScope) is a chunk of its own: the provider sits in
 * every app's shell, and no blocking operation runs before the first screen is up.
 */
const BlockingSpinner = lazyComponent(() => import('./BlockingSpinner.tsx').then((m) => m.BlockingSpinner));

export interface BlockingOptions {
  /** What the spinner says (default 'กำลังโหลด...'). */
  readonly label?: string;
  /** Handles the failure itself; without it the failure is shown as a simple error (spec §8). */
  readonly onError?: (error: unknown) => void;
}

/** Runs `work` behind the full-screen spinner; its result, or undefined when it failed. */
export type RunBlocking = <T>(work: () => Promise<T>, options?: BlockingOptions) => Promise<T | undefined>;

const BlockingContext = createContext<RunBlocking | null>(null);

/**
 * Every blocking operation of the app (spec §4, §8: the branch switch and any later one) goes
 * through one helper: a full-screen spinner while it runs (nested runs share it), and on failure
 * the caller's handler or else a simple error snackbar, the error logged either way.
 * `messagesOf` turns a failure into the user's words (the host passes the domain's reader).
 */
export function BlockingProvider({
  messagesOf = (error) => [error instanceof Error ? error.message : String(error)],
  children,
}: {
  readonly messagesOf?: (error: unknown) => readonly string[];
  readonly children: ReactNode;
}) {
  const snackbar = useSnackbar();
  const [running, setRunning] = useState<readonly string[]>([]);
  const serial = useRef(0);
  const describe = useRef(messagesOf);
  describe.current = messagesOf;
  const run = useCallback<RunBlocking>(
    async (work, options = {}) => {
      serial.current += 1;
      const key = `${serial.current}\u0000${options.label ?? ''}`;
      setRunning((all) => [...all, key]);
      try {
        return await work();
      } catch (error) {
        console.error('blocking operation failed', error);
        if (options.onError) options.onError(error);
        else snackbar.error([...describe.current(error)]);
        return undefined;
      } finally {
        setRunning((all) => all.filter((k) => k !== key));
      }
    },
    [snackbar],
  );
  const label = running.length > 0 ? running[running.length - 1]!.split('\u0000')[1] || undefined : undefined;
  const value = useMemo(() => run, [run]);
  // Fetched and mounted (inactive) when the browser is idle after the first screen, so the first operation finds it.
  const [used, setUsed] = useState(false);
  useEffect(() => whenIdle(() => BlockingSpinner.preload().then(() => setUsed(true))), []);
  if (running.length > 0 && !used) setUsed(true);
  return (
    <BlockingContext.Provider value={value}>
      {children}
      {used && (
        <Suspense fallback={running.length > 0 && <LoadingScreen {...(label ? { label } : {})} />}>
          <BlockingSpinner isActive={running.length > 0} {...(label ? { label } : {})} />
        </Suspense>
      )}
    </BlockingContext.Provider>
  );
}

/** The one way to run a blocking operation: `await runBlocking(work, { label, onError })`. */
export function useBlocking(): RunBlocking {
  const run = useContext(BlockingContext);
  if (!run) throw new Error('useBlocking() needs a <BlockingProvider> above it');
  return run;
}
