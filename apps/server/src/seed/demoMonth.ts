import { DEFAULT_ADJUST_PERCENT, greatCircleKm, ROAD_FACTOR } from '@lms/booking';
import { addDays, type FailureReason } from '@lms/domain';
import { seeded } from '@lms/planning';
import type { Database } from '../db/database.ts';
import { bangkokInstant } from '../delivery/stops.ts';
import { type PastOrder, type PastStop, type PastTrip, writePastTrips } from './pastTrips.ts';

/**
 * The demo's past (docs/performance-figures.md "ข้อมูลตัวอย่าง"): the trips two branches ran from
 * the first day of last month to yesterday, so the performance screen has a month and the one
 * before to compare, and last month's contractor statements have trips. Made from a seeded random
 * sequence per branch (the same demo on every start for the same day), written by `writePastTrips`.
 *
 * Per truck and day: a morning trip most days, an afternoon trip some days, none on others (empty
 * days); a load of 30 % of the truck up to what booking sells of it (its booking adjust %), so the
 * booking calendar's past never reads over 100 %; one trip in twenty carried more than the truck
 * takes, its DOs weighed heavier after they were booked (the ERP's weights: the performance
 * screen's overloaded trips read the DOs, the calendar the booked lines); 2–4 stops of 1–3 DOs. Outcomes:
 * most stops delivered inside their window, some late, some in part, some failed with the
 * driver's reason; what a delivery left goes again, two to four days later or on the first truck
 * after that which can take it (a second attempt), unless the month ended first. Bookings were
 * confirmed 1–5 days ahead, by the customer's link or a call.
 */

/** The branches that get a past: Bangkok and Chiang Mai (their ship-tos are `ST1…`, `ST2…`, branchData.ts). */
const BRANCHES = [
  { code: 'BKK', shipTos: 'ST1' },
  { code: 'CNX', shipTos: 'ST2' },
];
const SEED = 4040;
const MINUTE = 60_000;

const failureReasons: readonly [FailureReason, number][] = [
  ['CUSTOMER_ABSENT', 0.4],
  ['WRONG_ADDRESS', 0.2],
  ['REFUSED', 0.15],
  ['NO_ACCESS', 0.1],
  ['GOODS_DAMAGED', 0.07],
  ['OUT_OF_TIME', 0.05],
  ['OTHER', 0.03],
];

/** The first day of the month before `today`'s, `yyyy-MM-dd`. */
export function firstOfLastMonth(today: string): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const previous = new Date(Date.UTC(y, m - 2, 1));
  return previous.toISOString().slice(0, 10);
}

interface Truck {
  id: string;
  driverId: string | null;
  capacityWeight: number;
  capacityVolume: number;
  /** The share of the truck booking sells: its type's booking adjust % at the branch, the lower of weight and volume. */
  bookable: number;
}

interface Place {
  shipToId: string;
  customerId: string;
  km: number;
}

interface Waiting {
  readonly due: string;
  readonly place: Place;
  readonly order: PastOrder;
}

/** What a branch's past is made of: its trucks, ship-tos, articles, ship cond and shifts. */
export interface BranchWorld {
  readonly trucks: readonly Truck[];
  readonly places: readonly Place[];
  readonly articles: readonly { id: string; weight: number; volume: number }[];
  readonly shipCondId: string;
  readonly shifts: readonly { id: string; startSeconds: number }[];
}

async function branchWorld(db: Database, branchId: string, shipToPrefix: string): Promise<BranchWorld> {
  const branch = await db
    .selectFrom('branch')
    .select(['lat', 'lon'])
    .where('id', '=', branchId)
    .executeTakeFirstOrThrow();
  const trucks = await db
    .selectFrom('vehicle as v')
    .innerJoin('vehicle_type as vt', 'vt.id', 'v.vehicle_type_id')
    .leftJoin('driver as d', 'd.vehicle_id', 'v.id')
    .leftJoin('vehicle_type_adjust_percent as a', (join) =>
      join.onRef('a.vehicle_type_id', '=', 'vt.id').onRef('a.branch_id', '=', 'v.branch_id'),
    )
    .select([
      'v.id',
      'd.id as driverId',
      'vt.max_capacity_weight as capacityWeight',
      'vt.max_capacity_volume as capacityVolume',
      'a.booking_weight_adjust_percent as weightPercent',
      'a.booking_volume_adjust_percent as volumePercent',
    ])
    .where('v.branch_id', '=', branchId)
    .orderBy('v.code')
    .execute();
  const shipTos = await db
    .selectFrom('ship_to')
    .select(['id', 'lat', 'lon'])
    .where('code', 'like', `${shipToPrefix}%`)
    .orderBy('code')
    .execute();
  const customers = await db.selectFrom('customer').select('id').orderBy('code').execute();
  const articles = await db
    .selectFrom('article')
    .select(['id', 'weight', 'volume'])
    .where('cannot_split', 'is not', true)
    .where('weight', '>', 0)
    .orderBy('code')
    .execute();
  // Normal delivery (ship cond 01).
  const shipCond = await db
    .selectFrom('ship_cond')
    .select('id')
    .where('code', '=', '01')
    .executeTakeFirstOrThrow();
  const shifts = await db
    .selectFrom('shift_of_day')
    .select(['id', 'start_time'])
    .orderBy('start_time')
    .execute();
  const km = (lat: number | null, lon: number | null) =>
    branch.lat === null || branch.lon === null || lat === null || lon === null
      ? 20
      : Math.max(3, Math.round(greatCircleKm(branch as never, { lat, lon }) * ROAD_FACTOR * 10) / 10);
  return {
    trucks: trucks.map<Truck>((t) => ({
      id: t.id,
      driverId: t.driverId,
      capacityWeight: Number(t.capacityWeight),
      capacityVolume: Number(t.capacityVolume),
      bookable:
        Math.min(t.weightPercent ?? DEFAULT_ADJUST_PERCENT, t.volumePercent ?? DEFAULT_ADJUST_PERCENT) / 100,
    })),
    places: shipTos.map<Place>((s, i) => ({
      shipToId: s.id,
      customerId: customers[i % customers.length]!.id,
      km: km(s.lat, s.lon),
    })),
    articles: articles.map((a) => ({ id: a.id, weight: Number(a.weight), volume: Number(a.volume ?? 0) })),
    shipCondId: shipCond.id,
    shifts: shifts.map((s) => ({ id: s.id, startSeconds: secondsOf(s.start_time) })),
  };
}

const secondsOf = (time: string) => Number(time.slice(0, 2)) * 3600 + Number(time.slice(3, 5)) * 60;

/** One branch's trips, day by day: the same world, index and days give the same trips. */
export function branchTrips(
  world: BranchWorld,
  branchId: string,
  index: number,
  from: string,
  to: string,
): PastTrip[] {
  const random = seeded(SEED + index);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const between = (low: number, high: number) => low + random() * (high - low);
  const reasonOf = () => {
    let r = random();
    for (const [reason, share] of failureReasons) {
      r -= share;
      if (r < 0) return reason;
    }
    return 'OTHER';
  };
  let doSeq = 0;
  const waiting: Waiting[] = [];
  const trips: PastTrip[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const sunday = new Date(`${day}T00:00:00Z`).getUTCDay() === 0;
    for (const truck of world.trucks) {
      for (const [s, shift] of world.shifts.slice(0, 2).entries()) {
        // Mornings on most days, afternoons on some; Sundays are quiet: the empty days.
        const runs = random() < (s === 0 ? 0.6 : 0.2) * (sunday ? 0.3 : 1);
        if (!runs) continue;
        const plannedStart = bangkokInstant(day, shift.startSeconds + 30 * 60);
        // The load: 30 % of the truck up to what booking sells of it; one trip in twenty over the
        // truck, its DOs booked at what booking sells and weighed heavier since (`booked`).
        const overloaded = random() < 0.05;
        const fill = overloaded ? between(1.02, 1.15) : between(0.3, truck.bookable);
        const booked = overloaded ? (truck.bookable * between(0.85, 1)) / fill : undefined;
        const stopCount = 2 + Math.floor(random() * 3);
        // The truck's share taken: the larger of weight and volume, as the calendar judges it.
        const share = (w: number, v: number) => Math.max(w / truck.capacityWeight, v / truck.capacityVolume);
        const shareOf = (o: PastOrder) => (share(o.weight, o.volume) * o.qty) / o.doQty;
        // What waits to go again rides on the first trips with room for it, each to its own ship-to,
        // as many as the trip has stops and its load allows: at one a trip the waiting outgrew the
        // trucks, and the planner's home opened on weeks-old failures no branch would leave.
        const due: Waiting[] = [];
        let dueShare = 0;
        for (let k = 0; k < waiting.length && due.length < stopCount; ) {
          const w = waiting[k]!;
          const part = shareOf(w.order);
          // An overloaded trip takes new DOs only: what goes again was booked at its weight as it stands.
          if (!overloaded && w.due <= day && dueShare + part <= fill) {
            due.push(...waiting.splice(k, 1));
            dueShare += part;
          } else k++;
        }
        const duePlaces = [...new Set(due.map((w) => w.place))];
        const places = [
          ...new Set([
            ...duePlaces,
            ...Array.from({ length: Math.max(1, stopCount - duePlaces.length) }, () => pick(world.places)),
          ]),
        ];
        const orders: PastOrder[][] = places.map((place) =>
          due.filter((w) => w.place === place).map((w) => w.order),
        );
        const carried = orders.flat().reduce((sum, o) => sum + shareOf(o), 0);
        // One to three new DOs per stop share what is left of the load.
        const counts = places.map(() => 1 + Math.floor(random() * 3));
        const each = Math.max(0, fill - carried) / counts.reduce((sum, n) => sum + n, 0);
        for (const [i, n] of counts.entries())
          for (let k = 0; k < n; k++) {
            const article = pick(world.articles);
            // Down, so that the trip's DOs stay within its load (at least one of each).
            const qty = Math.max(1, Math.floor(each / share(article.weight, article.volume)));
            orders[i]!.push({
              docNo: `DO${index + 1}9${String(++doSeq).padStart(6, '0')}`,
              qty,
              doQty: qty,
              weight: Math.round(qty * article.weight * 1000) / 1000,
              volume: Math.round(qty * article.volume * 1000) / 1000,
              articleId: article.id,
              ...(booked === undefined ? {} : { booked }),
            });
          }
        const stops: PastStop[] = [];
        let clock = plannedStart.getTime() + 20 * MINUTE;
        for (const [i, place] of places.entries()) {
          const own = orders[i]!;
          if (own.length === 0) continue;
          // The booked time ± 60 minutes (the window the planner held the stop to).
          const windowFrom = new Date(plannedStart.getTime() + (i * 50 - 30) * MINUTE);
          const windowTo = new Date(windowFrom.getTime() + 120 * MINUTE);
          const late = random() < 0.14;
          const arrived = late
            ? new Date(windowTo.getTime() + between(5, 70) * MINUTE)
            : new Date(Math.max(clock, windowFrom.getTime() + between(0, 60) * MINUTE));
          const at = new Date(arrived.getTime() + between(8, 20) * MINUTE);
          const left = new Date(at.getTime() + 5 * MINUTE);
          clock = left.getTime() + between(15, 35) * MINUTE;
          const r = random();
          const kind = r < 0.08 ? 'failed' : r < 0.15 ? 'partial' : 'delivered';
          const stopOrders = own.map((o) =>
            kind === 'partial' ? { ...o, delivered: Math.floor(o.qty * between(0.3, 0.9)) } : o,
          );
          const confirmedDaysAhead = 1 + Math.floor(random() * 5);
          const confirmedOn = addDays(day, -confirmedDaysAhead);
          stops.push({
            shipToId: place.shipToId,
            customerId: place.customerId,
            shipCondId: world.shipCondId,
            km: place.km,
            docDate: addDays(confirmedOn, -Math.floor(random() * 3)),
            confirmedAt: bangkokInstant(confirmedOn, (9 + Math.floor(random() * 8)) * 3600),
            callStatus: random() < 0.4 ? 'CONFIRMED_BY_CUSTOMER' : random() < 0.9 ? 'CALLED' : 'NOT_CALLED',
            windowFrom,
            windowTo,
            orders: stopOrders,
            outcome: {
              kind,
              arrived,
              at,
              left,
              ...(kind === 'failed' ? { reason: reasonOf() } : {}),
            },
          });
          // What was not delivered is booked again two to four days later.
          if (kind !== 'delivered')
            // Booked again at the DO's weight as it stands (`booked` was the first booking's).
            for (const { delivered = 0, booked: _first, ...o } of stopOrders)
              if (o.qty > delivered)
                waiting.push({
                  due: addDays(day, 2 + Math.floor(random() * 3)),
                  place,
                  order: { ...o, qty: o.qty - delivered },
                });
        }
        if (stops.length === 0) continue;
        trips.push({
          branchId,
          day,
          shiftOfDayId: shift.id,
          vehicleId: truck.id,
          driverId: truck.driverId,
          plannedStart,
          started: new Date(plannedStart.getTime() + between(0, 15) * MINUTE),
          ended: new Date(clock + between(20, 60) * MINUTE),
          stops,
        });
      }
    }
  }
  return trips;
}

/**
 * Writes the demo's past month (from the first of last month to the day before `today`) for the
 * demo branches. Answers the trips and stops written.
 */
export async function seedDemoMonth(db: Database, today: string): Promise<{ trips: number; stops: number }> {
  const from = firstOfLastMonth(today);
  const to = addDays(today, -1);
  const trips: PastTrip[] = [];
  for (const [index, { code, shipTos }] of BRANCHES.entries()) {
    const branch = await db.selectFrom('branch').select('id').where('code', '=', code).executeTakeFirst();
    if (!branch) continue;
    trips.push(...branchTrips(await branchWorld(db, branch.id, shipTos), branch.id, index, from, to));
  }
  await db.transaction().execute((trx) => writePastTrips(trx, trips));
  return { trips: trips.length, stops: trips.reduce((sum, t) => sum + t.stops.length, 0) };
}
