import type { DriverTrip, DriverTripSummary } from '@lms/domain';
import { type DBSchema, deleteDB, type IDBPDatabase, openDB } from 'idb';
import type { Queue, QueuedItem, StageQuestion } from './queue.ts';

/**
 * The phone's copy (issue 39 "offline first"), in IndexedDB through `idb`: who is signed in, the
 * day's trips and each trip as last answered, and the queue of what is still to send (photos and
 * signatures as Blobs, events, positions). A reload, a closed app or a dead battery loses nothing
 * the driver recorded.
 */

/** How the phone reaches the server: a driver's user session, or a trip link bound to this phone. */
export type DriverSession =
  | {
      readonly kind: 'user';
      readonly token: string;
      readonly expiresAt: string;
      readonly userId: string;
      readonly name: string;
    }
  | {
      readonly kind: 'link';
      readonly bearer: string;
      readonly expiresAt: string;
      readonly tripId: string;
      /** The link's token it was claimed with: opening the same link again goes straight to the trip. */
      readonly token: string;
    };

export interface Saved<T> {
  readonly value: T;
  /** When the server answered it (ISO). */
  readonly savedAt: string;
}

interface DriverDb extends DBSchema {
  session: { key: string; value: DriverSession };
  days: { key: string; value: Saved<readonly DriverTripSummary[]> };
  trips: { key: string; value: Saved<DriverTrip> };
  queue: { key: number; value: QueuedItem };
  /** Stage taps the server asked about, by the tap's own id, until the driver answers (version 2). */
  questions: {
    key: number;
    value: StageQuestion & { readonly seq?: number };
    indexes: { byTap: string };
  };
}

type QueuedInput = QueuedItem extends infer I ? (I extends QueuedItem ? Omit<I, 'seq'> : never) : never;

export interface DriverStore extends Queue {
  session(): Promise<DriverSession | undefined>;
  saveSession(session: DriverSession | undefined): Promise<void>;
  day(date: string): Promise<Saved<readonly DriverTripSummary[]> | undefined>;
  saveDay(date: string, trips: readonly DriverTripSummary[]): Promise<void>;
  trip(id: string): Promise<Saved<DriverTrip> | undefined>;
  saveTrip(trip: DriverTrip): Promise<void>;
  /** Adds items to the end of the queue in one transaction (a proof's files and its event together). */
  enqueue(items: readonly QueuedInput[]): Promise<void>;
  /** The questions not yet answered, in the order they were asked. */
  questions(): Promise<readonly StageQuestion[]>;
  /**
   * The driver answered the question about this tap: it leaves, and a yes's new tap joins the queue,
   * in one transaction (an app closed in between neither loses the yes nor asks twice).
   */
  answered(eventId: string, resend?: QueuedInput): Promise<void>;
  close(): void;
}

export const DRIVER_DB = 'lms-driver';

export async function openDriverStore(name = DRIVER_DB): Promise<DriverStore> {
  const db: IDBPDatabase<DriverDb> = await openDB<DriverDb>(name, 2, {
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        database.createObjectStore('session');
        database.createObjectStore('days');
        database.createObjectStore('trips');
        database.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
      }
      // Version 2: a question asked survives the app being closed before the driver answers.
      if (oldVersion < 2)
        database
          .createObjectStore('questions', { keyPath: 'seq', autoIncrement: true })
          .createIndex('byTap', 'event.id', { unique: true });
    },
  });
  const now = () => new Date().toISOString();
  return {
    session: () => db.get('session', 'current'),
    async saveSession(session) {
      if (session) await db.put('session', session, 'current');
      else await db.delete('session', 'current');
    },
    day: (date) => db.get('days', date),
    async saveDay(date, trips) {
      await db.put('days', { value: trips, savedAt: now() }, date);
    },
    trip: (id) => db.get('trips', id),
    async saveTrip(trip) {
      await db.put('trips', { value: trip, savedAt: now() }, trip.id);
    },
    items: () => db.getAll('queue'),
    async remove(seqs) {
      const tx = db.transaction('queue', 'readwrite');
      await Promise.all([...seqs.map((seq) => tx.store.delete(seq)), tx.done]);
    },
    async enqueue(items) {
      const tx = db.transaction('queue', 'readwrite');
      // The store numbers them (autoIncrement): the order they were made in.
      await Promise.all([...items.map((item) => tx.store.add(item as QueuedItem)), tx.done]);
    },
    async ask(questions) {
      const tx = db.transaction('questions', 'readwrite');
      // One question per tap (its own id): asked again after a resend, it is still the one.
      for (const question of questions)
        if ((await tx.store.index('byTap').getKey(question.event.id)) === undefined)
          await tx.store.add(question);
      await tx.done;
    },
    async questions() {
      // Numbered as they were asked (autoIncrement): the oldest first.
      return (await db.getAll('questions')).map(({ seq: _, ...question }) => question);
    },
    async answered(eventId, resend) {
      const tx = db.transaction(['questions', 'queue'], 'readwrite');
      const asked = tx.objectStore('questions');
      const key = await asked.index('byTap').getKey(eventId);
      if (key === undefined) return tx.done; // answered already (another tab)
      await asked.delete(key);
      if (resend) await tx.objectStore('queue').add(resend as QueuedItem);
      await tx.done;
    },
    close: () => db.close(),
  };
}

/** Forgets everything on this phone (a story's fresh start; sign-out keeps nothing of the last driver). */
export const deleteDriverStore = (name = DRIVER_DB) => deleteDB(name);
