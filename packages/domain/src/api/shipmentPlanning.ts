import Type, { type Static } from 'typebox';
import { shipmentStages } from '../entities/options.ts';
import { INPUT_BOUNDS } from '../rules/inputBounds.ts';
import { BranchQuery, ErrorBody, IsoDate, List, Nullable, operation, TimeOfDay, Uuid } from './common.ts';

/**
 * Shipment planning (docs/planning.md): one branch, one day, one shift — its confirmed bookings,
 * trucks and drivers; the planner's trips; a dispatcher's own trips re-checked; the confirmed plan
 * written as shipments; actual stage times recorded from the driver's phone.
 */

/** The slot being planned. */
export const PlanSlot = Type.Object({ date: IsoDate, shiftOfDayId: Uuid });
export type PlanSlot = Static<typeof PlanSlot>;

/** Weight (kg) and volume (m³). */
export const Load = Type.Object({ weight: Type.Number(), volume: Type.Number() });
export type Load = Static<typeof Load>;

/** A date and time of day in Bangkok: a trip past midnight ends on the next day. */
export const PlanInstant = Type.Object({ date: IsoDate, time: TimeOfDay });
export type PlanInstant = Static<typeof PlanInstant>;

/** A place on the map (WGS 84 degrees). */
export const PlanPlace = Type.Object({ lat: Type.Number(), lon: Type.Number() });
export type PlanPlace = Static<typeof PlanPlace>;

export const PlanBooking = Type.Object({
  id: Uuid,
  docNo: Type.String(),
  shipToLabel: Type.String(),
  vehicleTypeId: Uuid,
  vehicleTypeName: Type.String(),
  deliveryTime: Nullable(TimeOfDay),
  deliveryOrderIds: List(Uuid),
  deliveryOrderDocNos: List(Type.String()),
  load: Load,
  /** The ship-to (or its sub-district) on the routes' map; null when neither has coordinates. */
  place: Nullable(PlanPlace),
});
export type PlanBooking = Static<typeof PlanBooking>;

export const PlanTruck = Type.Object({
  id: Uuid,
  licensePlate: Type.String(),
  label: Type.String(),
  vehicleTypeId: Uuid,
  vehicleTypeName: Type.String(),
  /** At the branch's planning adjust %. */
  capacity: Load,
});
export type PlanTruck = Static<typeof PlanTruck>;

export const PlanDriver = Type.Object({ id: Uuid, name: Type.String(), vehicleId: Nullable(Uuid) });
export type PlanDriver = Static<typeof PlanDriver>;

/** One stop of a trip: one booking's DOs (all of them, or the share this truck carries). */
export const PlanStop = Type.Object({
  bookingId: Uuid,
  deliveryOrderIds: List(Uuid),
  arrival: PlanInstant,
  /** Service start (after waiting for the window). */
  start: PlanInstant,
  departure: PlanInstant,
  load: Load,
});
export type PlanStop = Static<typeof PlanStop>;

export const ShipmentStageKey = Type.Enum(shipmentStages.map((s) => s.key));

export const PlanTrip = Type.Object({
  vehicleId: Uuid,
  /**
   * Which of the truck's trips this is, from 1, in time order (the branch's trips per truck,
   * docs/planning.md "Several trips"): a truck's trips follow each other in `trips`.
   */
  trip: Type.Integer({ minimum: 1 }),
  driverId: Nullable(Uuid),
  stops: List(PlanStop),
  load: Load,
  /** Minutes from check-in to the end of the last delivery, and the shift's minutes. */
  minutes: Type.Object({ used: Type.Integer(), shift: Type.Integer() }),
  distanceKm: Type.Number(),
  /** Planned time of each stage (CheckIn … ShipEnd), in stage order. */
  stages: List(Type.Object({ stage: ShipmentStageKey, at: PlanInstant })),
  /** The shipment written for this trip once confirmed. */
  shipmentId: Nullable(Uuid),
  shipmentDocNo: Nullable(Type.String()),
  checkedIn: Type.Boolean(),
});
export type PlanTrip = Static<typeof PlanTrip>;

export const PlanUnassigned = Type.Object({
  bookingId: Uuid,
  deliveryOrderIds: List(Uuid),
  reason: Type.String(),
});
export type PlanUnassigned = Static<typeof PlanUnassigned>;

/** On time and utilisation of the day, all shifts (issue 19 item 5). */
export const PlanFigures = Type.Object({
  /** Shipments with an actual ShipEnd, and those within their shift. */
  delivered: Type.Integer(),
  onTime: Type.Integer(),
  /** Booked (confirmed bookings), planned (on confirmed trips) and the trucks' capacity. */
  booked: Load,
  planned: Load,
  capacity: Load,
});
export type PlanFigures = Static<typeof PlanFigures>;

/**
 * A booking the confirmed plan's shipments still carry but the shift no longer holds: cancelled
 * since the confirm (or moved by a path that raced it). Its truck still goes there until the
 * dispatcher confirms again (docs/planning.md "Left the plan").
 */
export const OffPlanBooking = Type.Object({
  bookingDocNo: Type.String(),
  shipmentDocNo: Type.String(),
  truck: Type.String(),
  canceled: Type.Boolean(),
  /** Its truck has checked in: the plan is frozen, the driver is to be told. */
  checkedIn: Type.Boolean(),
});
export type OffPlanBooking = Static<typeof OffPlanBooking>;

/** A slot with its resources and a plan: the confirmed one, the planner's or the dispatcher's. */
export const SlotPlan = Type.Object({
  date: IsoDate,
  shiftOfDayId: Uuid,
  shiftName: Type.String(),
  shiftStart: TimeOfDay,
  shiftEnd: TimeOfDay,
  /** Where every trip starts and ends (null: the branch has no coordinates). */
  branchPlace: Nullable(PlanPlace),
  /** The confirmed plan's number (0: none yet); confirm sends it back. */
  version: Type.Integer(),
  confirmed: Type.Boolean(),
  bookings: List(PlanBooking),
  trucks: List(PlanTruck),
  drivers: List(PlanDriver),
  trips: List(PlanTrip),
  unassigned: List(PlanUnassigned),
  figures: PlanFigures,
  /** What the confirmed plan's shipments carry that the shift no longer holds (none: absent or empty). */
  offPlan: Type.Optional(List(OffPlanBooking)),
});
export type SlotPlan = Static<typeof SlotPlan>;

/**
 * A dispatcher's trips: trucks, drivers and stops in order. A truck named more than once makes
 * that many trips, in the order listed (at most the branch's trips per truck).
 */
export const TripsInput = List(
  Type.Object({
    vehicleId: Uuid,
    driverId: Nullable(Uuid),
    stops: List(
      Type.Object({
        bookingId: Uuid,
        deliveryOrderIds: List(Uuid, { minItems: 1, maxItems: INPUT_BOUNDS.listItems }),
      }),
      { minItems: 1, maxItems: INPUT_BOUNDS.listItems },
    ),
  }),
  { maxItems: 500 },
);
export type TripsInput = Static<typeof TripsInput>;

/** A plan's trips as the server takes them back (to re-check a move or confirm). */
export function tripsOf(plan: SlotPlan): TripsInput {
  return plan.trips.map((trip) => ({
    vehicleId: trip.vehicleId,
    driverId: trip.driverId,
    stops: trip.stops.map((stop) => ({ bookingId: stop.bookingId, deliveryOrderIds: stop.deliveryOrderIds })),
  }));
}

/** Someone confirmed this slot first: the plan as it now stands. */
export const PlanConflict = Type.Object({ messages: List(Type.String()), plan: SlotPlan });
export type PlanConflict = Static<typeof PlanConflict>;

export const StageTap = Type.Object({
  /** The phone's own id for this tap: sent twice, recorded once. */
  id: Uuid,
  stage: ShipmentStageKey,
  /** When the driver tapped (the phone's clock), ISO 8601: what is judged, also when sent later (offline). */
  at: Type.String({ format: 'date-time' }),
  /**
   * The driver confirmed an unusual time (the server asked with a 409 `StageTapQuestion`): the same
   * tap sent again with this flag is recorded. What cannot be right is refused (422) all the same.
   */
  confirmUnusual: Type.Optional(Type.Boolean()),
});
export type StageTap = Static<typeof StageTap>;

/**
 * A tap at an unusual time for its shipment's planned day and shift (docs/planning.md "Stage
 * times"): nothing is recorded; `messages` holds the Thai question naming the plan and the time
 * tapped. Sending the same tap with `confirmUnusual: true` records it.
 */
export const StageTapQuestion = Type.Object({
  messages: List(Type.String()),
  confirmUnusual: Type.Literal(true),
});
export type StageTapQuestion = Static<typeof StageTapQuestion>;

/** One stage of a shipment on its booking's page: planned and actual (either may be missing). */
export const BookingShipmentStage = Type.Object({
  stage: ShipmentStageKey,
  plan: Nullable(PlanInstant),
  actual: Nullable(PlanInstant),
});

/** A shipment carrying (part of) a booking, as its booking's page lists it (issue 19 item 4). */
export const BookingShipment = Type.Object({
  id: Uuid,
  docNo: Type.String(),
  licensePlate: Nullable(Type.String()),
  driverName: Nullable(Type.String()),
  stages: List(BookingShipmentStage),
});
export type BookingShipment = Static<typeof BookingShipment>;

/** A shift the dispatcher may plan (the shift catalogue needs a role a dispatcher need not hold). */
export const PlanShift = Type.Object({
  id: Uuid,
  name: Type.String(),
  startTime: TimeOfDay,
  endTime: TimeOfDay,
});
export type PlanShift = Static<typeof PlanShift>;

/** Where a booking stands in a plan: truck, trip and when its service starts. */
export const ReplanPlace = Type.Object({
  vehicleId: Uuid,
  trip: Type.Integer({ minimum: 1 }),
  start: PlanInstant,
});
export type ReplanPlace = Static<typeof ReplanPlace>;

/**
 * What a re-plan changes for one booking (docs/planning.md "Re-planning"): MOVED to another truck or
 * trip, NEW (not on the plan in force: booked since, or a returned DO booked again), ETA (same trip,
 * service start moved by more than `REPLAN_ETA_CHANGE_MINUTES`), DROPPED (on the plan in force, now
 * without a truck: `reason` says why, e.g. its window can no longer be kept).
 */
export const replanChangeKinds = ['MOVED', 'NEW', 'ETA', 'DROPPED'] as const;
export const ReplanChange = Type.Object({
  bookingId: Uuid,
  kind: Type.Enum(replanChangeKinds),
  before: Nullable(ReplanPlace),
  after: Nullable(ReplanPlace),
  reason: Nullable(Type.String()),
});
export type ReplanChange = Static<typeof ReplanChange>;

/** A service start moved by no more than this is not shown as a change. */
export const REPLAN_ETA_CHANGE_MINUTES = 10;

/**
 * A re-plan to review before confirming: the whole plan (each trip's stops done or under way first,
 * as they happened), those stops, and what changes against the plan in force.
 */
export const ReplanPreview = Type.Object({
  /** The moment planned from (Bangkok). */
  at: PlanInstant,
  plan: SlotPlan,
  /** Stops a driver has started (arrived or later): they keep their truck, trip and order. */
  fixed: List(Type.Object({ bookingId: Uuid, vehicleId: Uuid, trip: Type.Integer({ minimum: 1 }) })),
  changes: List(ReplanChange),
});
export type ReplanPreview = Static<typeof ReplanPreview>;

/**
 * The moment to plan again from (ISO 8601; absent: now). Not before now (a minute or two of clock
 * drift aside) and before the shift ends: what happened is what the drivers reported so far.
 */
const ReplanMoment = Type.Optional(Type.String({ format: 'date-time' }));

export const shipmentPlanningApi = {
  shifts: operation({
    method: 'GET',
    url: '/shipmentPlanning/shifts',
    schema: { querystring: BranchQuery, response: { 200: List(PlanShift) } },
  }),
  slot: operation({
    method: 'GET',
    url: '/shipmentPlanning',
    schema: {
      querystring: Type.Object({ branchId: Uuid, date: IsoDate, shiftOfDayId: Uuid }),
      response: { 200: SlotPlan },
    },
  }),
  plan: operation({
    method: 'POST',
    url: '/shipmentPlanning/plan',
    schema: { querystring: BranchQuery, body: PlanSlot, response: { 200: SlotPlan } },
  }),
  evaluate: operation({
    method: 'POST',
    url: '/shipmentPlanning/evaluate',
    schema: {
      querystring: BranchQuery,
      body: Type.Object({ ...PlanSlot.properties, trips: TripsInput }),
      response: { 200: SlotPlan, 422: ErrorBody },
    },
  }),
  confirm: operation({
    method: 'POST',
    url: '/shipmentPlanning/confirm',
    schema: {
      querystring: BranchQuery,
      body: Type.Object({ ...PlanSlot.properties, version: Type.Integer({ minimum: 0 }), trips: TripsInput }),
      response: { 200: SlotPlan, 409: PlanConflict, 422: ErrorBody },
    },
  }),
  /** Plan again from now around what happened; changes nothing (the dispatcher reviews the changes). */
  replan: operation({
    method: 'POST',
    url: '/shipmentPlanning/replan',
    schema: {
      querystring: BranchQuery,
      body: Type.Object({ ...PlanSlot.properties, at: ReplanMoment }),
      response: { 200: ReplanPreview, 422: ErrorBody },
    },
  }),
  /**
   * Confirm a re-plan: only stops not started are written; a trip that moves, drops or reorders a
   * started stop is refused (422 naming the stop), checked again against what happened by now.
   */
  replanConfirm: operation({
    method: 'POST',
    url: '/shipmentPlanning/replan/confirm',
    schema: {
      querystring: BranchQuery,
      body: Type.Object({
        ...PlanSlot.properties,
        at: ReplanMoment,
        version: Type.Integer({ minimum: 0 }),
        trips: TripsInput,
      }),
      response: { 200: SlotPlan, 409: PlanConflict, 422: ErrorBody },
    },
  }),
  recordStage: operation({
    method: 'POST',
    url: '/shipment/:id/stage',
    schema: {
      params: Type.Object({ id: Uuid }),
      querystring: BranchQuery,
      body: StageTap,
      response: {
        200: Type.Object({ id: Uuid, stage: ShipmentStageKey, at: PlanInstant, duplicate: Type.Boolean() }),
        409: StageTapQuestion,
        422: ErrorBody,
      },
    },
  }),
  /** Read with the booking (its page): whoever may read the booking sees what carries it. */
  bookingShipments: operation({
    method: 'GET',
    url: '/bookingReport/:id/shipments',
    schema: {
      params: Type.Object({ id: Uuid }),
      querystring: BranchQuery,
      response: { 200: List(BookingShipment) },
    },
  }),
};
