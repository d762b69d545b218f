import type { DriverTrip, DriverTripSummary } from '@lms/domain';
import { type DBSchema, deleteDB, type IDBPDatabase, openDB } from 'idb';
import type { Queue, QueuedItem } from './queue.ts';

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
  close(): void;
}

export const DRIVER_DB = 'lms-driver';

export async function openDriverStore(name = DRIVER_DB): Promise<DriverStore> {
  const db: IDBPDatabase<DriverDb> = await openDB<DriverDb>(name, 1, {
    upgrade(database) {
      database.createObjectStore('session');
      database.createObjectStore('days');
      database.createObjectStore('trips');
      database.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
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
    close: () => db.close(),
  };
}

/** Forgets everything on this phone (a story's fresh start; sign-out keeps nothing of the last driver). */
export const deleteDriverStore = (name = DRIVER_DB) => deleteDB(name);
