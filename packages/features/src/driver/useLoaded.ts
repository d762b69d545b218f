import type { DriverTrip, DriverTripSummary } from '@lms/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { type Loaded, useDriver } from './DriverProvider.tsx';
import { withPending } from './localTrip.ts';

/** Loads again whenever the phone's copy changed (`version`); the last answer stays on screen meanwhile. */
function useLoad<T>(load: () => Promise<Loaded<T>>, version: number) {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version and attempt ask for a fresh load
  useEffect(() => {
    let live = true;
    load().then((next) => {
      if (live && next.kind !== 'loading') setState(next);
    });
    return () => {
      live = false;
    };
  }, [load, version, attempt]);
  const retry = useCallback(() => {
    setState({ kind: 'loading' });
    setAttempt((a) => a + 1);
  }, []);
  return [state, retry] as const;
}

export function useDay(date: string) {
  const { loadDay, version } = useDriver();
  return useLoad<readonly DriverTripSummary[]>(
    useCallback(() => loadDay(date), [loadDay, date]),
    version,
  );
}

/** The trip with what is recorded on the phone but not yet sent applied (localTrip.ts). */
export function useTrip(id: string) {
  const { loadTrip, version, pending } = useDriver();
  const [state, retry] = useLoad<DriverTrip>(
    useCallback(() => loadTrip(id), [loadTrip, id]),
    version,
  );
  const shown = useMemo<Loaded<DriverTrip>>(
    () =>
      state.kind === 'ready'
        ? {
            ...state,
            value: withPending(
              state.value,
              pending.filter((e) => tripOfEvent(state.value, e.stopId)),
            ),
          }
        : state,
    [state, pending],
  );
  const waitingStops = useMemo(
    () => new Set(pending.flatMap((e) => (e.stopId ? [e.stopId] : []))),
    [pending],
  );
  return [shown, retry, waitingStops] as const;
}

/**
 * Shares the phone's position while the trip runs (and only then: PDPA), on the trip's screen and
 * on each of its stops alike, so the board sees the truck wherever the driver has the app open.
 */
export function useFollowWhileRunning(tripId: string, trip: Loaded<DriverTrip>) {
  const { followTrip } = useDriver();
  const running = trip.kind === 'ready' && trip.value.status === 'RUNNING';
  useEffect(() => (running ? followTrip(tripId) : undefined), [running, followTrip, tripId]);
}

const tripOfEvent = (trip: DriverTrip, stopId: string | undefined) =>
  !!stopId && trip.stops.some((s) => s.id === stopId);
