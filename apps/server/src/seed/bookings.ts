import { addDays } from '@lms/booking';
import { draftAllocationsOf, tripsOf } from '@lms/domain';
import { sql } from 'kysely';
import { confirmDraft } from '../booking/confirm.ts';
import { createDraft, type DraftRequest } from '../booking/drafts.ts';
import { suggestionFor } from '../booking/suggestion.ts';
import type { Database } from '../db/database.ts';
import { type ConfirmHooks, confirmPlan } from '../shipmentPlanning/confirm.ts';
import { plannedSlot } from '../shipmentPlanning/plan.ts';

/** Bookings per branch per day of the demo's first week. */
const BOOKINGS_PER_DAY = 2;
const DAYS = 7;

/**
 * The demo's week of confirmed bookings and its first two days of planned shipments (product.md
 * "Demo data"), made the way a planner makes them: the engine's suggestion for a ship-to's DOs on
 * the wanted day, a draft, a confirm under the slot locks; then the planner's plan of every shift
 * of today and tomorrow, confirmed. Nothing here writes a booking row by hand, so the demo holds
 * only what the rules allow. `hooks` are the confirm's, as the composition root gives them (the
 * drivers' trips). Answers the number of bookings and shipments made.
 */
export async function seedDemoBookings(
  db: Database,
  today: string,
  hooks: ConfirmHooks = {},
): Promise<{ bookings: number; shipments: number }> {
  // Today's deliveries were booked yesterday, as a planner books them: a ship cond's SLA (a day for
  // most DOs) keeps any booking made today off today's trucks, and without them the delivery board
  // and the driver's app would have nothing to follow on the demo's first day. The rest are booked
  // today. Ten in the morning in Bangkok on the booking's day: the engine and the confirm judge
  // lead times by it.
  const bookedOn = (wanted: string) => (wanted === today ? addDays(today, -1) : today);
  // Each branch's planner (the first by name), else the first user: who makes its bookings.
  const branches = await db
    .selectFrom('branch as b')
    .select((eb) => [
      'b.id',
      eb.fn
        .coalesce(
          eb
            .selectFrom('app_user__branch_ids as l')
            .innerJoin('app_user as u', 'u.id', 'l.owner_id')
            .select('l.owner_id')
            .whereRef('l.ref_id', '=', 'b.id')
            .where('u.username', 'like', 'planner.%')
            .orderBy('u.username')
            .limit(1),
          eb.selectFrom('app_user').select('id').orderBy('created_at').limit(1),
        )
        .$notNull()
        .as('userId'),
    ])
    .orderBy('b.code')
    .execute();
  let bookings = 0;
  let shipments = 0;
  for (const branch of branches) {
    // The newest DOs, so the oldest stay unbooked for the user's own first booking.
    const groups = await db
      .selectFrom('delivery_order')
      .select([
        'so_ship_to_id as shipToId',
        'ship_cond_id as shipCondId',
        // Two DOs per booking: the ship-to's newest.
        sql<string[]>`(array_agg(id order by doc_no desc))[1:2]`.as('ids'),
      ])
      .where('branch_id', '=', branch.id)
      .where((eb) => eb.not(eb.ref('is_booking')))
      .where('so_ship_to_id', 'is not', null)
      .where('ship_cond_id', 'is not', null)
      .groupBy(['so_ship_to_id', 'ship_cond_id'])
      .orderBy((eb) => eb.fn.max('doc_no'), 'desc')
      .limit(BOOKINGS_PER_DAY * DAYS)
      .$narrowType<{ shipToId: string }>()
      .execute();
    for (const [k, group] of groups.entries()) {
      const wanted = addDays(today, Math.floor(k / BOOKINGS_PER_DAY));
      const booked = await bookAsPlanner(
        db,
        branch,
        {
          deliveryOrderIds: group.ids,
          shipToId: group.shipToId,
          shipCondId: group.shipCondId,
          special: false,
          wantedDate: wanted,
        },
        bookedOn(wanted),
      );
      if (booked) bookings++;
    }
    // Only the slots that hold a booking: the planner's solver spends its time limit on each slot.
    const slots = await db
      .selectFrom('booking_report__lines as l')
      .innerJoin('booking_report as r', 'r.id', 'l.parent_id')
      .innerJoin('vehicle_date_slot as s', 's.id', 'l.slot_id')
      .select(['s.shift_date as date', 's.shift_of_day_id as shiftId'])
      .distinct()
      .where('r.branch_id', '=', branch.id)
      .where('r.canceled_at', 'is', null)
      .where((eb) => eb.between('s.shift_date', today, addDays(today, 1)))
      .orderBy('date')
      .orderBy('shiftId')
      .execute();
    for (const { date, shiftId } of slots) {
      const plan = await plannedSlot(db, branch.id, date, shiftId);
      if (!plan.trips.length) continue;
      await confirmPlan(
        db,
        branch.id,
        branch.userId,
        {
          date,
          shiftOfDayId: shiftId,
          version: plan.version,
          trips: tripsOf(plan),
        },
        hooks,
      );
      shipments += plan.trips.length;
    }
  }
  return { bookings, shipments };
}

/**
 * One booking made as a planner makes it on `day` (ten in the morning in Bangkok): the wizard's
 * suggestion for the request (`suggestionFor`, its checks first), its option on the wanted day or the nearest after it the rules
 * allow (else the engine's best), a draft, a confirm under the slot locks. False when the rules
 * place the DOs nowhere, as a planner would find. The demo's week and the benches' busy days.
 */
export async function bookAsPlanner(
  db: Database,
  branch: { id: string; userId: string },
  request: DraftRequest,
  day: string,
): Promise<boolean> {
  const wanted = request.wantedDate ?? day;
  const { options } = await suggestionFor(db, branch.id, request, day);
  const option =
    options.filter((o) => o.firstDate >= wanted).sort((a, b) => a.firstDate.localeCompare(b.firstDate))[0] ??
    options[0];
  if (!option) return false;
  const draftId = await createDraft(db, branch.id, branch.userId, request, draftAllocationsOf(option));
  await confirmDraft(db, draftId, branch.id, branch.userId, { now: new Date(`${day}T03:00:00Z`) });
  return true;
}
