import {
  accountApi,
  addDays,
  authApi,
  bangkokIsoDate,
  type DriverTrip,
  type DriverTripSummary,
  driverApi,
  type StopEventInput,
} from '@lms/domain';
import { ApiError, call, callWithForm, createApiClient, type RequestOptions } from '@lms/entity-pages';
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
import { newUuid, unanswered } from '../offline/connection.ts';
import { PositionSource } from './geolocation.ts';
import { flushQueue, type Outcome, type QueuedItem, type Sender, type StageQuestion } from './queue.ts';
import { type DriverSession, type DriverStore, openDriverStore } from './store.ts';

/** Where sending stands, for the bar on every screen. */
export interface SyncState {
  readonly online: boolean;
  readonly sending: boolean;
  /**
   * What the driver recorded that is still on the phone (events and their files). Positions are
   * not counted: they are queued every 10 s while the trip runs and go with the next send, so
   * counting them would show "รอส่ง 1 รายการ" (and hold sign-out) most of a running trip.
   */
  readonly waiting: number;
  /** Everything queued, positions included: while any waits the phone tries again every 20 s. */
  readonly queued: number;
  /** The server's reasons for the last refusals (shown once). */
  readonly refused: readonly string[];
  /** The session ran out while items wait: a new sign-in sends them. */
  readonly needsSignIn: boolean;
  /** Stage taps the server asks about (an unusual time), oldest first, until the driver answers. */
  readonly questions: readonly StageQuestion[];
}

/** What a screen loads: the server's answer, or the copy kept on the phone when there is none. */
export type Loaded<T> =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly value: T; readonly savedAt: string | null }
  | { readonly kind: 'error'; readonly message: string };

/** A proof's photo or signature, made on the phone: its own id, uploaded before the event naming it. */
export interface ProofFile {
  readonly id: string;
  readonly blob: Blob;
  readonly name: string;
}

interface DriverContextValue {
  /** `undefined` while the phone's copy is read; `null` signed out. */
  readonly session: DriverSession | null | undefined;
  readonly sync: SyncState;
  /** Every queued event, for the screens to show what is recorded but not yet sent. */
  readonly pending: readonly StopEventInput[];
  readonly signIn: (username: string, password: string) => Promise<{ mustChangePassword: boolean }>;
  readonly claim: (token: string, pin: string) => Promise<void>;
  readonly signOut: () => Promise<void>;
  readonly loadDay: (date: string) => Promise<Loaded<readonly DriverTripSummary[]>>;
  readonly loadTrip: (id: string) => Promise<Loaded<DriverTrip>>;
  /** Records events (and the files they name) on the phone, then sends what it can. */
  readonly record: (
    tripId: string,
    events: readonly StopEventInput[],
    files?: readonly ProofFile[],
  ) => Promise<void>;
  readonly flush: () => Promise<void>;
  /** The driver's answer to the first question: yes sends the tap again with `confirmUnusual`; no drops it. */
  readonly answer: (keep: boolean) => Promise<void>;
  readonly positions: PositionSource;
  /** Follows the phone's position while `tripId` runs; positions queue like events. */
  readonly followTrip: (tripId: string) => () => void;
  /** Bumped whenever the phone's copy of a trip changed (an answer, a record). */
  readonly version: number;
}

const DriverContext = createContext<DriverContextValue | null>(null);

export function useDriver(): DriverContextValue {
  const value = useContext(DriverContext);
  if (!value) throw new Error('useDriver outside DriverProvider');
  return value;
}

/**
 * Offline on a day not yet saved (the app opened after midnight with no signal): the day before's
 * copy, its trips still running — a night shift's trip the server would list on the new day too
 * (docs/delivery.md "A day's trips"). None running: no copy.
 */
async function underWay(store: DriverStore, date: string) {
  const before = await store.day(addDays(date, -1)).catch(() => undefined);
  const running = before?.value.filter((trip) => trip.status === 'RUNNING') ?? [];
  return before && running.length ? { value: running, savedAt: before.savedAt } : undefined;
}

/** Minutes before a user session's end at which the phone asks for a fresh token. */
const RENEW_BEFORE_MS = 10 * 60_000;
/** While items wait, the phone tries again this often (and at once when the signal returns). */
const RETRY_MS = 20_000;
/** A position at most this often (the server keeps one per 10 s: docs/delivery.md). */
const POSITION_EVERY_MS = 10_000;

const quiet: RequestOptions = { redirectOnUnauthorized: false };

/** The bar's counts of a queue: the driver's records, and everything. */
const waitingOf = (queued: readonly QueuedItem[]) => ({
  waiting: queued.filter((item) => item.kind !== 'position').length,
  queued: queued.length,
});

const bearerOf = (session: DriverSession | null | undefined) =>
  !session ? null : session.kind === 'user' ? session.token : session.bearer;

/** 32 random bytes, base64url: the key this phone binds a trip link to (kept in its store). */
function deviceKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

function outcomeOf(error: unknown): Outcome<never> {
  if (error instanceof ApiError && error.status === 401) return { kind: 'unanswered', signIn: true };
  if (unanswered(error)) return { kind: 'unanswered' };
  return { kind: 'refused', messages: error instanceof ApiError ? error.messages : [] };
}

async function outcome<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { kind: 'sent', value: await work() };
  } catch (error) {
    return outcomeOf(error);
  }
}

const messageOf = (error: unknown) =>
  error instanceof ApiError
    ? error.messages.join(' ')
    : error instanceof Error
      ? error.message
      : String(error);

/**
 * The driver's app state (issue 39): the session, the phone's store, the queue and its sending.
 * `storeName` keeps stories apart (each its own IndexedDB database); the app uses the default.
 */
export function DriverProvider({
  children,
  storeName,
  positions: givenPositions,
}: {
  readonly children: ReactNode;
  readonly storeName?: string;
  readonly positions?: PositionSource;
}) {
  const [store, setStore] = useState<DriverStore>();
  const [session, setSession] = useState<DriverSession | null | undefined>(undefined);
  const sessionRef = useRef<DriverSession | null | undefined>(undefined);
  const [items, setItems] = useState<readonly QueuedItem[]>([]);
  const [sync, setSync] = useState<SyncState>({
    online: typeof navigator === 'undefined' ? true : navigator.onLine,
    sending: false,
    waiting: 0,
    queued: 0,
    refused: [],
    needsSignIn: false,
    questions: [],
  });
  const [version, setVersion] = useState(0);
  const positions = useMemo(() => givenPositions ?? new PositionSource(), [givenPositions]);

  const api = useMemo(() => createApiClient({ getToken: () => bearerOf(sessionRef.current) }), []);

  const setSessionBoth = useCallback((next: DriverSession | null) => {
    sessionRef.current = next;
    setSession(next);
  }, []);

  useEffect(() => {
    let open: DriverStore | undefined;
    let cancelled = false;
    openDriverStore(storeName).then(async (opened) => {
      if (cancelled) return opened.close();
      open = opened;
      const [saved, queued, asked] = await Promise.all([
        opened.session(),
        opened.items(),
        opened.questions(),
      ]);
      setItems(queued);
      // A question left unanswered when the app was closed is asked again, with the time first tapped.
      setSync((s) => ({ ...s, ...waitingOf(queued), questions: asked }));
      sessionRef.current = saved ?? null;
      setSession(saved ?? null);
      setStore(opened);
    });
    return () => {
      cancelled = true;
      open?.close();
    };
  }, [storeName]);

  const refreshItems = useCallback(async (from: DriverStore) => {
    const queued = await from.items();
    setItems(queued);
    setSync((s) => ({ ...s, ...waitingOf(queued) }));
  }, []);

  /** A user's token close to its end is renewed first (1 hour tokens, a day's trip). */
  const renew = useCallback(
    async (from: DriverStore) => {
      const current = sessionRef.current;
      if (current?.kind !== 'user') return;
      if (Date.parse(current.expiresAt) - Date.now() > RENEW_BEFORE_MS) return;
      try {
        const issued = await call(api, accountApi.renewToken, { options: quiet });
        const next: DriverSession = { ...current, token: issued.token, expiresAt: issued.expiresAt };
        await from.saveSession(next);
        setSessionBoth(next);
      } catch {
        // Offline, or already expired: the send below says which.
      }
    },
    [api, setSessionBoth],
  );

  const sender = useMemo<Sender>(
    () => ({
      upload: (tripId, fileId, blob, name) => {
        const form = new FormData();
        form.append('files', blob, name);
        return outcome(() =>
          callWithForm(api, driverApi.upload, form, {
            params: { id: tripId },
            query: { id: fileId },
            options: { ...quiet, json: false },
          }).then(() => undefined),
        );
      },
      events: (tripId, events) =>
        outcome(() =>
          call(api, driverApi.events, {
            params: { id: tripId },
            body: { events: [...events] },
            options: quiet,
          }),
        ),
      positions: (tripId, queued) =>
        outcome(() =>
          call(api, driverApi.positions, {
            params: { id: tripId },
            body: { positions: queued.flatMap((q) => (q.kind === 'position' ? [q.position] : [])) },
            options: quiet,
          }).then(() => undefined),
        ),
    }),
    [api],
  );

  const running = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const flush = useCallback(async (): Promise<void> => {
    if (!store || !sessionRef.current) return;
    if (running.current) {
      again.current = true;
      return running.current;
    }
    const work = async () => {
      do {
        again.current = false;
        if ((await store.items()).length === 0) break;
        setSync((s) => ({ ...s, sending: true }));
        await renew(store);
        // One phone, several tabs: one sends at a time (the others find the queue shorter).
        const result = await (navigator.locks
          ? navigator.locks.request('lms-driver-queue', () => flushQueue(store, sender))
          : flushQueue(store, sender));
        for (const trip of result.trips) await store.saveTrip(trip);
        await refreshItems(store);
        const asked = await store.questions();
        setSync((s) => ({
          ...s,
          sending: false,
          online: result.stopped === 'unanswered' ? false : s.online || result.sent > 0,
          refused: result.refused.length ? result.refused : s.refused,
          needsSignIn: result.stopped === 'signIn',
          questions: asked,
        }));
        if (result.sent || result.refused.length) setVersion((v) => v + 1);
      } while (again.current);
    };
    running.current = work().finally(() => {
      running.current = null;
      setSync((s) => ({ ...s, sending: false }));
    });
    return running.current;
  }, [store, sender, renew, refreshItems]);

  // Send when the signal returns, when the app comes back to the front, and every 20 s while items wait.
  useEffect(() => {
    const online = () => {
      setSync((s) => ({ ...s, online: true }));
      void flush();
    };
    const offline = () => setSync((s) => ({ ...s, online: false }));
    const visible = () => {
      if (document.visibilityState === 'visible') void flush();
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    document.addEventListener('visibilitychange', visible);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      document.removeEventListener('visibilitychange', visible);
    };
  }, [flush]);
  useEffect(() => {
    if (!store || session === undefined) return;
    void flush();
  }, [store, session, flush]);
  useEffect(() => {
    if (sync.queued === 0) return;
    const timer = setInterval(() => void flush(), RETRY_MS);
    return () => clearInterval(timer);
  }, [sync.queued, flush]);

  const signIn = useCallback(
    async (username: string, password: string) => {
      const answer = await call(api, authApi.webLogin, {
        body: { username, password },
        options: { auth: false, redirectOnUnauthorized: false },
      });
      if (answer.info.mustChangePassword) return { mustChangePassword: true };
      const next: DriverSession = {
        kind: 'user',
        token: answer.token,
        expiresAt: answer.expiresAt,
        userId: answer.userId,
        name: answer.info.fullName ?? answer.info.username,
      };
      await store?.saveSession(next);
      setSessionBoth(next);
      setSync((s) => ({ ...s, needsSignIn: false }));
      return { mustChangePassword: false };
    },
    [api, store, setSessionBoth],
  );

  const claim = useCallback(
    async (token: string, pin: string) => {
      const claimed = await call(api, driverApi.claimLink, {
        body: { token, pin, deviceKey: deviceKey() },
        options: { auth: false, redirectOnUnauthorized: false },
      });
      const next: DriverSession = {
        kind: 'link',
        bearer: claimed.bearer,
        expiresAt: claimed.expiresAt,
        tripId: claimed.tripId,
        token,
      };
      await store?.saveSession(next);
      setSessionBoth(next);
    },
    [api, store, setSessionBoth],
  );

  const signOut = useCallback(async () => {
    const current = sessionRef.current;
    if (current?.kind === 'user') await call(api, authApi.logout, { options: quiet }).catch(() => undefined);
    await store?.saveSession(undefined);
    setSessionBoth(null);
  }, [api, store, setSessionBoth]);

  const loadDay = useCallback(
    async (date: string): Promise<Loaded<readonly DriverTripSummary[]>> => {
      if (!store) return { kind: 'loading' };
      try {
        const trips = await call(api, driverApi.trips, { query: { date }, options: quiet });
        await store.saveDay(date, trips);
        return { kind: 'ready', value: trips, savedAt: null };
      } catch (error) {
        // A store closing (the app leaving) has no copy to offer.
        const saved = (await store.day(date).catch(() => undefined)) ?? (await underWay(store, date));
        if (saved && unanswered(error)) return { kind: 'ready', value: saved.value, savedAt: saved.savedAt };
        return { kind: 'error', message: messageOf(error) };
      }
    },
    [api, store],
  );

  const loadTrip = useCallback(
    async (id: string): Promise<Loaded<DriverTrip>> => {
      if (!store) return { kind: 'loading' };
      try {
        const trip = await call(api, driverApi.trip, { params: { id }, options: quiet });
        await store.saveTrip(trip);
        return { kind: 'ready', value: trip, savedAt: null };
      } catch (error) {
        const saved = await store.trip(id).catch(() => undefined);
        if (saved && (unanswered(error) || (error instanceof ApiError && error.status === 401)))
          return { kind: 'ready', value: saved.value, savedAt: saved.savedAt };
        return { kind: 'error', message: messageOf(error) };
      }
    },
    [api, store],
  );

  const record = useCallback(
    async (tripId: string, events: readonly StopEventInput[], files: readonly ProofFile[] = []) => {
      if (!store) return;
      await store.enqueue([
        ...files.map((f) => ({ tripId, kind: 'file' as const, fileId: f.id, blob: f.blob, name: f.name })),
        ...events.map((event) => ({ tripId, kind: 'event' as const, event })),
      ]);
      await refreshItems(store);
      setVersion((v) => v + 1);
      void flush();
    },
    [store, refreshItems, flush],
  );

  const answer = useCallback(
    async (keep: boolean) => {
      const question = sync.questions[0];
      if (!store || !question) return;
      setSync((s) => ({ ...s, questions: s.questions.filter((q) => q !== question) }));
      // A new event (the first is recorded as asked about), at the time the driver tapped.
      const event = { ...question.event, id: newUuid(), confirmUnusual: true };
      await store.answered(
        question.event.id,
        keep ? { tripId: question.tripId, kind: 'event', event } : undefined,
      );
      if (!keep) return;
      await refreshItems(store);
      setVersion((v) => v + 1);
      void flush();
    },
    [store, sync.questions, refreshItems, flush],
  );

  const followTrip = useCallback(
    (tripId: string) => {
      let last = 0;
      return positions.watch((fix) => {
        const at = Date.parse(fix.at);
        if (!store || at - last < POSITION_EVERY_MS) return;
        last = at;
        void store.enqueue([{ tripId, kind: 'position', position: fix }]).then(() => refreshItems(store));
      });
    },
    [positions, store, refreshItems],
  );

  const pending = useMemo(
    () => items.flatMap((item) => (item.kind === 'event' ? [item.event] : [])),
    [items],
  );

  const value = useMemo<DriverContextValue>(
    () => ({
      session,
      sync,
      pending,
      signIn,
      claim,
      signOut,
      loadDay,
      loadTrip,
      record,
      flush,
      answer,
      positions,
      followTrip,
      version,
    }),
    [
      session,
      sync,
      pending,
      signIn,
      claim,
      signOut,
      loadDay,
      loadTrip,
      record,
      flush,
      answer,
      positions,
      followTrip,
      version,
    ],
  );
  return <DriverContext.Provider value={value}>{children}</DriverContext.Provider>;
}

/** Today in Bangkok: the day whose trips the phone opens on. */
export const driverToday = () => bangkokIsoDate(new Date());
