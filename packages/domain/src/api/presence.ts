import Type, { type Static } from 'typebox';
import { List, NoContent, operation, Uuid } from './common.ts';

/**
 * Who else has a record open (issue 22 item 7, docs/web.md "Presence"): a browser tab says every
 * PRESENCE.heartbeatMs that it is viewing or editing a record; the server forgets a tab that has
 * not spoken for PRESENCE.ttlMs (a closed laptop stops counting without saying goodbye).
 */
export const PRESENCE = { heartbeatMs: 20_000, ttlMs: 60_000 } as const;

export const presenceModes = ['viewing', 'editing'] as const;
export type PresenceMode = (typeof presenceModes)[number];

/** One person with the record open; a person in two tabs is listed once (editing wins). */
export const PresentUser = Type.Object({
  userId: Uuid,
  fullName: Type.String(),
  mode: Type.Enum([...presenceModes]),
  /** When the server forgets them unless their tab speaks again (ISO date-time). */
  expiresAt: Type.String(),
});
export type PresentUser = Static<typeof PresentUser>;

/** Who has one record open in one branch: the answer of a heartbeat and the stream's `presence` event. */
export const RecordPresence = Type.Object({
  branchId: Uuid,
  entity: Type.String(),
  recordId: Uuid,
  users: List(PresentUser),
});
export type RecordPresence = Static<typeof RecordPresence>;

const PresenceTab = {
  entity: Type.String({ minLength: 1, maxLength: 64 }),
  recordId: Uuid,
  /** One browser tab (random, made by the tab): two tabs of one user are two heartbeats. */
  tabId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
};

export const presenceApi = {
  /** `PUT /presence?branchId=…`: this tab has the record open (again); answers who has it open now. */
  heartbeat: operation({
    method: 'PUT',
    url: '/presence',
    schema: {
      querystring: Type.Object({ branchId: Uuid }),
      body: Type.Object(
        { ...PresenceTab, mode: Type.Enum([...presenceModes]) },
        { additionalProperties: false },
      ),
      response: { 200: RecordPresence },
    },
  }),
  /** `DELETE /presence?branchId=…&entity=…&recordId=…&tabId=…`: this tab closed the record. */
  leave: operation({
    method: 'DELETE',
    url: '/presence',
    schema: {
      querystring: Type.Object({ branchId: Uuid, ...PresenceTab }),
      response: { 204: NoContent },
    },
  }),
};
