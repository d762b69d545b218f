import Type, { type Static } from 'typebox';
import { EventStream, List, operation, Uuid } from './common.ts';

/** The location tracking demo (admin only): positions shared among admins. */

/** A device's position as the server shares it (GET positions, and the live `position` events). */
export const SharedPosition = Type.Object({
  userId: Uuid,
  username: Type.String(),
  fullName: Type.String(),
  lat: Type.Number(),
  lon: Type.Number(),
  accuracy: Type.Number(),
  /** ISO timestamp of the fix. */
  at: Type.String({ format: 'date-time' }),
});
export type SharedPosition = Static<typeof SharedPosition>;

export const PositionBody = Type.Object(
  { lat: Type.Number(), lon: Type.Number(), accuracy: Type.Number(), at: Type.String({ maxLength: 40 }) },
  { additionalProperties: false },
);
export type PositionBody = Static<typeof PositionBody>;

export const locationTrackingApi = {
  share: operation({
    method: 'POST',
    url: '/demo/locationTracking/positions',
    schema: { body: PositionBody, response: { 201: SharedPosition } },
  }),
  positions: operation({
    method: 'GET',
    url: '/demo/locationTracking/positions',
    schema: { response: { 200: List(SharedPosition) } },
  }),
  events: operation({
    method: 'GET',
    url: '/demo/locationTracking/events',
    schema: {
      response: { 200: EventStream('`position` events, each a SharedPosition') },
      produces: ['text/event-stream'],
    },
  }),
};
