import { suggest } from '@lms/booking';
import type { DateFormatOptions } from '@lms/domain';
import type { Database } from '../db/database.ts';
import { draftWorld } from './confirm.ts';
import { type DraftRequest, toSuggestRequest } from './drafts.ts';
import { checkBookingRequest } from './request.ts';
import { worldEnd } from './world.ts';

/**
 * The wizard's suggestion (docs/booking.md), in one place for whoever asks for it: the planner's
 * wizard and the customer's link rebooking a returned DO (contact/rebook.ts). The request is
 * checked first (already booked, another ship-to or ship cond, unknown ids: refused before the
 * engine runs), then the engine suggests on the world of its DOs and ship-to.
 */
export async function suggestionFor(
  db: Database,
  branchId: string,
  request: DraftRequest,
  today: string,
  era: DateFormatOptions = {},
) {
  await checkBookingRequest(db, branchId, request);
  const world = await draftWorld(db, { branchId, request }, today, worldEnd(today));
  return suggest(world, toSuggestRequest(branchId, request, today, era));
}
