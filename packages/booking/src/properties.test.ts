import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { remainingCapacity, slotCapacity } from './capacity.ts';
import { checkAllocation } from './checkAllocation.ts';
import { daysFrom } from './dates.ts';
import { bookableVehicles } from './decisions.ts';
import { prohibitedPairs, truckBanFor } from './rules.ts';
import { suggest } from './suggest.ts';
import { ARTICLES, order, request, slot, world } from './testing/fixtures.ts';
import type { BookedLine, BookingWorld, SuggestRequest, TruckBanConfig } from './world.ts';

/** Random branches and orders: no option may ever break a rule. */

const EPS = 1e-6;
const DAYS = daysFrom('2025-01-08', 6);
const TYPES = ['V4', 'V6', 'V10'];
const SHIFTS = ['MORNING', 'AFTERNOON', 'NIGHT'];
const BAN: TruckBanConfig = {
  id: 'BAN',
  name: 'ห้าม',
  branchId: 'B1',
  vehicleTypeId: 'V10',
  subDistrictId: 'SD1',
  startTime: '07:00',
  endTime: '10:00',
  banDayPattern: 'WEEKDAYS',
};

const slotArb = fc.record({
  date: fc.constantFrom(...DAYS),
  vehicleTypeId: fc.constantFrom(...TYPES),
  shiftOfDayId: fc.constantFrom(...SHIFTS),
  total: fc.integer({ min: 0, max: 3 }),
  special: fc.integer({ min: 0, max: 1 }),
  booked: fc.array(
    fc.record({
      usedWeight: fc.integer({ min: 0, max: 6000 }),
      usedVolume: fc.integer({ min: 0, max: 20 }),
      usedMinute: fc.integer({ min: 0, max: 400 }),
      canceled: fc.boolean(),
    }),
    { maxLength: 2 },
  ),
});

const lineArb = fc.record({
  articleId: fc.constantFrom(...ARTICLES.map((article) => article.id)),
  qty: fc.integer({ min: 1, max: 40 }),
  unitWeight: fc.integer({ min: 1, max: 400 }),
  unitVolume: fc.integer({ min: 1, max: 500 }).map((litres) => litres / 1000),
});

const scenarioArb = fc.record({
  slots: fc.uniqueArray(slotArb, {
    maxLength: 24,
    selector: (s) => `${s.date}${s.vehicleTypeId}${s.shiftOfDayId}`,
  }),
  lines: fc.array(lineArb, { minLength: 1, maxLength: 6 }),
  special: fc.boolean(),
  banned: fc.boolean(),
  // Shifts closed by a check-in (docs/booking.md "Closed shifts").
  closed: fc.uniqueArray(
    fc.record({ date: fc.constantFrom(...DAYS), shiftOfDayId: fc.constantFrom(...SHIFTS) }),
    {
      maxLength: 4,
      selector: (c) => `${c.date}${c.shiftOfDayId}`,
    },
  ),
});

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

function build(scenario: Scenario): { w: BookingWorld; req: SuggestRequest } {
  const slots = scenario.slots.map((spec) => slot(spec));
  const booked: BookedLine[] = scenario.slots.flatMap((spec, position) =>
    spec.booked.map((line) => ({ slotId: slots[position]!.id, ...line })),
  );
  const lines = scenario.lines.map(
    (line) =>
      [line.articleId, line.qty, line.qty * line.unitWeight, line.qty * line.unitVolume] as [
        string,
        number,
        number,
        number,
      ],
  );
  const w = world({
    slots,
    booked,
    orders: [order('D1', lines)],
    overrides: {
      truckBans: scenario.banned ? [BAN] : [],
      closedShifts: scenario.closed.map((c) => ({
        branchId: 'B1',
        shiftDate: c.date,
        shiftOfDayId: c.shiftOfDayId,
        truck: 'กข-1',
        checkedInDate: c.date,
        checkedInTime: '07:00',
      })),
    },
  });
  return { w, req: request(['D1'], { special: scenario.special }) };
}

function assertFeasible(w: BookingWorld, req: SuggestRequest): void {
  const result = suggest(w, req);
  const conflicts = prohibitedPairs(w.prohibits);
  const articles = new Map(w.articles.map((article) => [article.id, article]));
  const orderLines = w.deliveryOrders[0]!.lines;
  expect(result.options.length).toBeLessThanOrEqual(5);
  for (const option of result.options) {
    const carried = new Map<string, number>();
    const usedBySlot = new Map<string, { weight: number; volume: number; minute: number }>();
    for (const allocation of option.allocations) {
      const theSlot = w.slots.find((s) => s.id === allocation.slotId)!;
      const shift = w.shifts.find((s) => s.id === theSlot.shiftOfDayId)!;
      // Rules 1, 3, 4 and the slot's own vehicles.
      expect(theSlot.shiftDate >= result.earliestDate!).toBe(true);
      expect(theSlot.shiftDate <= result.to!).toBe(true);
      expect(theSlot.shipCondId).toBe(req.shipCondId);
      expect(['V4', 'V6', 'V10']).toContain(allocation.vehicleTypeId);
      for (const line of allocation.lines) {
        expect(articles.get(line.articleId)?.unsupportedVehicleTypeIds ?? []).not.toContain(
          allocation.vehicleTypeId,
        );
      }
      const where = {
        branchId: 'B1',
        vehicleTypeId: theSlot.vehicleTypeId,
        subDistrictId: 'SD1',
        date: theSlot.shiftDate,
        shift,
      };
      expect(truckBanFor(w.truckBans, where)).toBeUndefined();
      // No option goes into a closed shift.
      expect(
        w.closedShifts.some(
          (c) => c.shiftDate === theSlot.shiftDate && c.shiftOfDayId === theSlot.shiftOfDayId,
        ),
      ).toBe(false);
      expect(allocation.vehicles).toBeLessThanOrEqual(bookableVehicles(theSlot, req.special === true));
      const perVehicle = slotCapacity(w, theSlot.id, req.special)!.perVehicle;
      for (const load of allocation.loads) {
        // Each vehicle within its share; rule 5 inside each vehicle.
        expect(load.usedWeight).toBeLessThanOrEqual(perVehicle.weight + EPS);
        expect(load.usedVolume).toBeLessThanOrEqual(perVehicle.volume + EPS);
        expect(load.usedMinute).toBeLessThanOrEqual(perVehicle.minute + EPS);
        for (const a of load.lines) {
          for (const b of load.lines) {
            expect(
              conflicts(
                articles.get(a.articleId)?.articleUomTypeId ?? null,
                articles.get(b.articleId)?.articleUomTypeId ?? null,
              ),
            ).toBe(false);
          }
          expect(Number.isInteger(a.qty)).toBe(true);
          carried.set(a.lineId, (carried.get(a.lineId) ?? 0) + a.qty);
          // Cannot-split lines travel whole in one vehicle.
          if (articles.get(a.articleId)?.cannotSplit)
            expect(a.qty).toBe(orderLines.find((l) => l.id === a.lineId)?.qty);
        }
      }
      const sum = usedBySlot.get(theSlot.id) ?? { weight: 0, volume: 0, minute: 0 };
      usedBySlot.set(theSlot.id, {
        weight: sum.weight + allocation.usedWeight,
        volume: sum.volume + allocation.usedVolume,
        minute: sum.minute + allocation.usedMinute,
      });
      // Fine tune agrees with the suggestion.
      const check = checkAllocation(w, {
        ...req,
        slotId: allocation.slotId,
        vehicles: allocation.vehicles,
        lines: allocation.lines.map((line) => ({
          deliveryOrderId: line.deliveryOrderId,
          lineId: line.lineId,
          qty: line.qty,
        })),
      });
      expect(check.ok ? 'ok' : check.message).toBe('ok');
    }
    // Rule 6: never more than what is left.
    for (const [slotId, used] of usedBySlot) {
      const remaining = remainingCapacity(w, slotId, req.special);
      expect(used.weight).toBeLessThanOrEqual(remaining.weight + EPS);
      expect(used.volume).toBeLessThanOrEqual(remaining.volume + EPS);
      expect(used.minute).toBeLessThanOrEqual(remaining.minute + EPS);
    }
    // The whole order, nothing more.
    for (const line of orderLines) expect(carried.get(line.id)).toBe(line.qty);
  }
}

/** A day marked bookable: some slot that day takes some line of the order (one unit, or all of a cannot-split line). */
function hasFeasibleAllocation(w: BookingWorld, req: SuggestRequest, date: string): boolean {
  const articles = new Map(w.articles.map((article) => [article.id, article]));
  const lines = w.deliveryOrders.flatMap((deliveryOrder) =>
    deliveryOrder.lines.map((line) => ({ deliveryOrderId: deliveryOrder.id, line })),
  );
  return w.slots
    .filter((s) => s.shiftDate === date && s.shipCondId === req.shipCondId)
    .some((s) =>
      lines.some(({ deliveryOrderId, line }) => {
        const qty = articles.get(line.articleId)?.cannotSplit ? line.qty : Math.min(1, line.qty);
        const check = checkAllocation(w, {
          ...req,
          slotId: s.id,
          vehicles: 1,
          lines: [{ deliveryOrderId, lineId: line.id, qty }],
        });
        return check.ok;
      }),
    );
}

describe('suggestion properties', () => {
  it('every option obeys every rule, keeps cannot-split lines whole and carries exactly the order', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const { w, req } = build(scenario);
        assertFeasible(w, req);
      }),
      { numRuns: 300 },
    );
  });

  it('a day marked not bookable gets no option on it when wanted; a day marked bookable has a feasible allocation', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const { w, req } = build(scenario);
        const answer = suggest(w, req);
        for (const day of answer.days) {
          if (day.bookable) {
            expect(hasFeasibleAllocation(w, req, day.date)).toBe(true);
            continue;
          }
          expect(day.rule).not.toBeNull();
          if (!DAYS.includes(day.date)) continue; // no slots: nothing to ask
          const wanted = suggest(w, { ...req, wantedDate: day.date });
          const onDay = wanted.options.flatMap((option) =>
            option.allocations.filter((a) => a.date === day.date),
          );
          expect(onDay).toEqual([]);
        }
      }),
      { numRuns: 150 },
    );
  }, 30_000); // a suggestion per closed day of each scenario: slow on a loaded machine (a limit, not an assertion)

  it('booking the best option uses its capacity; cancelling it offers that capacity again', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const { w, req } = build(scenario);
        const before = suggest(w, req);
        const best = before.options[0];
        if (!best) return;
        const lines: BookedLine[] = best.allocations.flatMap((allocation) =>
          allocation.lines.map((line) => ({ slotId: allocation.slotId, ...line })),
        );
        const booked = { ...w, bookedLines: [...w.bookedLines, ...lines] };
        for (const allocation of best.allocations) {
          const left = remainingCapacity(booked, allocation.slotId, req.special);
          expect(left.weight).toBeCloseTo(Math.max(0, allocation.slotAfter.remaining.weight), 6);
          expect(left.minute).toBeCloseTo(Math.max(0, allocation.slotAfter.remaining.minute), 6);
        }
        assertFeasible(booked, req);
        const cancelled = {
          ...w,
          bookedLines: [...w.bookedLines, ...lines.map((line) => ({ ...line, canceled: true }))],
        };
        expect(suggest(cancelled, req)).toEqual(before);
        const removed = { ...w, bookedLines: [...w.bookedLines] };
        expect(suggest(removed, req)).toEqual(before);
      }),
      { numRuns: 150 },
    );
  });
});
