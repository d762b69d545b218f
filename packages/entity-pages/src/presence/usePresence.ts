import type { PresentPerson } from '@lms/design-system';
import { type EntityDef, PRESENCE, type PresenceMode, presenceApi, type RecordPresence } from '@lms/domain';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../api/ApiContext.tsx';
import { call } from '../api/call.ts';
import { useServerEvents } from '../api/useServerEvents.ts';
import { useSession } from '../session/SessionContext.tsx';

/** This browser tab, as the server tells tabs apart (two tabs of one user are two heartbeats). */
const TAB_ID = globalThis.crypto?.randomUUID?.() ?? `tab-${Math.random().toString(36).slice(2)}`;

/** The others with the record open, not yet expired: this user's own tabs are not "someone else". */
export function othersPresent(
  presence: RecordPresence | null,
  userId: string | undefined,
  now: number,
): PresentPerson[] {
  if (!presence) return [];
  return presence.users
    .filter((user) => user.userId !== userId && Date.parse(user.expiresAt) > now)
    .map((user) => ({ id: user.userId, name: user.fullName, mode: user.mode }));
}

/**
 * Who else has this record open (issue 22 item 7): says every PRESENCE.heartbeatMs that this tab
 * is viewing or editing it, says goodbye on leaving, and follows the branch's event stream for the
 * others' comings and goings. Presence is a courtesy: a failed heartbeat is logged, never shown.
 */
export function usePresence(
  entity: EntityDef,
  recordId: string | null | undefined,
  mode: PresenceMode,
): PresentPerson[] {
  const api = useApi();
  const session = useSession();
  const branchId = session.branchId;
  const [presence, setPresence] = useState<RecordPresence | null>(null);
  const [now, setNow] = useState(() => Date.now());
  // Presence events heard so far: a heartbeat's answer that left before the latest one is older news.
  const heard = useRef(0);

  useEffect(() => {
    if (!recordId || !branchId) return;
    const tab = { entity: entity.name, recordId, tabId: TAB_ID };
    const beat = () => {
      const heardBefore = heard.current;
      return call(api, presenceApi.heartbeat, { body: { ...tab, mode }, query: { branchId } }).then(
        (answer) => {
          // An event heard while this answer was on its way is newer: keep it (the next beat catches up).
          if (heard.current === heardBefore) setPresence(answer);
        },
        (error: unknown) => console.warn('presence heartbeat failed', error),
      );
    };
    void beat();
    const timer = setInterval(beat, PRESENCE.heartbeatMs);
    return () => {
      clearInterval(timer);
      void call(api, presenceApi.leave, { query: { ...tab, branchId } }).catch((error: unknown) =>
        console.warn('presence leave failed', error),
      );
    };
  }, [api, entity.name, recordId, branchId, mode]);

  // A tab that stops speaking drops out when it expires, even if no event says so.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), PRESENCE.heartbeatMs / 4);
    return () => clearInterval(timer);
  }, []);

  useServerEvents(recordId ? session.openEvents : undefined, (event) => {
    if (event.event !== 'presence') return;
    try {
      const update = JSON.parse(event.data) as RecordPresence;
      if (update.entity === entity.name && update.recordId === recordId && update.branchId === branchId) {
        heard.current += 1;
        setPresence(update);
        setNow(Date.now());
      }
    } catch {
      // Not a presence we can read: ignore it.
    }
  });

  return othersPresent(presence, session.user?.userId, now);
}
