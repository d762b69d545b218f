import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type EtaInput, type EtaStop, estimateArrivals } from './eta.ts';

const MIN = 60_000;
/** 08:00 in Bangkok on 2026-01-05. */
const T = Date.UTC(2026, 0, 5, 1, 0, 0);
const at = (hh: number, mm: number, ss = 0) => T + ((hh - 8) * 60 + mm) * MIN + ss * 1000;

/**
 * By hand: 0.1° of latitude is 0.1 × π/180 × 6,371.0088 km = 11.119508 km; × 1.3 (the road
 * factor) = 14.455360 km, 14,455 m; at 2 min/km that is 14,455 × 0.12 = 1,734.6 → 1,735 s,
 * 28 min 55 s per leg (depot → A → B, each 0.1° further north).
 */
const LEG = 1735 * 1000;
const depot = { lat: 13.7, lon: 100.5 };
const stopA: EtaStop = {
  id: 'A',
  place: { lat: 13.8, lon: 100.5 },
  plannedArrival: at(8, 29),
  plannedDeparture: at(8, 44),
  window: [at(8, 0), at(9, 0)],
  serviceMs: 15 * MIN,
  arrivedAt: null,
  leftAt: null,
};
const stopB: EtaStop = {
  id: 'B',
  place: { lat: 13.9, lon: 100.5 },
  plannedArrival: at(9, 13),
  plannedDeparture: at(9, 23),
  window: [at(8, 30), at(9, 30)],
  serviceMs: 10 * MIN,
  arrivedAt: null,
  leftAt: null,
};
const trip = (over: Partial<EtaInput>): EtaInput => ({
  depot,
  plannedStart: at(8, 0),
  startedAt: null,
  minutesPerKm: 2,
  stops: [stopA, stopB],
  position: null,
  now: at(7, 30),
  ...over,
});

describe('estimateArrivals: the hand-computed trip', () => {
  it('keeps the plan before the trip is due', () => {
    expect(estimateArrivals(trip({}))).toEqual([
      { id: 'A', eta: at(8, 29), departure: at(8, 44), late: false, done: false },
      { id: 'B', eta: at(9, 13), departure: at(9, 23), late: false, done: false },
    ]);
  });

  it('started at 08:10: A at 08:38:55, B after A’s 15 minutes and a leg, 09:22:50 — late for a 09:00 window', () => {
    const [a, b] = estimateArrivals(trip({ startedAt: at(8, 10), now: at(8, 20) }));
    expect(a).toEqual({
      id: 'A',
      eta: at(8, 10) + LEG,
      departure: at(8, 10) + LEG + 15 * MIN,
      late: false,
      done: false,
    });
    expect(a!.eta).toBe(at(8, 38, 55));
    expect(b!.eta).toBe(at(8, 53, 55) + LEG);
    expect(b!.eta).toBe(at(9, 22, 50));
    expect(b!.late).toBe(false);
    // The same with B's window ending at 09:00: flagged before it happens.
    const tight = estimateArrivals(
      trip({
        startedAt: at(8, 10),
        now: at(8, 20),
        stops: [stopA, { ...stopB, window: [at(8, 30), at(9, 0)] }],
      }),
    );
    expect(tight[1]!.late).toBe(true);
  });

  it('A cancelled after the plan (passed): no estimate for it, B straight from the depot at 09:07:49', () => {
    // Depot → B is 0.2° north: 28,910.7 m of road, rounded to 28,911 m, × 0.12 s/m = 3,469 s, 57 min 49 s.
    const [a, b] = estimateArrivals(
      trip({ startedAt: at(8, 10), now: at(8, 20), stops: [{ ...stopA, passed: true }, stopB] }),
    );
    expect(a).toEqual({ id: 'A', eta: null, departure: null, late: false, done: false });
    expect(b!.eta).toBe(at(9, 7, 49));
    // Before the trip is due the plan holds for the others.
    const planned = estimateArrivals(trip({ stops: [{ ...stopA, passed: true }, stopB] }));
    expect(planned[1]).toEqual({ id: 'B', eta: at(9, 13), departure: at(9, 23), late: false, done: false });
  });

  it('a passed stop the truck reached anyway is a stop like any other', () => {
    const [a] = estimateArrivals(
      trip({
        startedAt: at(8, 10),
        now: at(8, 45),
        stops: [{ ...stopA, passed: true, arrivedAt: at(8, 40) }, stopB],
      }),
    );
    expect(a!.eta).toBe(at(8, 40));
  });

  it('at A since 08:40, now 08:45: leaves at 08:55 (service), B at 09:23:55', () => {
    const [a, b] = estimateArrivals(
      trip({ startedAt: at(8, 10), now: at(8, 45), stops: [{ ...stopA, arrivedAt: at(8, 40) }, stopB] }),
    );
    expect(a).toEqual({ id: 'A', eta: at(8, 40), departure: at(8, 55), late: false, done: false });
    expect(b!.eta).toBe(at(8, 55) + LEG);
  });

  it('a position half-way to B: from there', () => {
    const [a, b] = estimateArrivals(
      trip({
        startedAt: at(8, 10),
        now: at(9, 0),
        stops: [{ ...stopA, arrivedAt: at(8, 40), leftAt: at(8, 50) }, stopB],
        position: { place: { lat: 13.85, lon: 100.5 }, at: at(8, 58) },
      }),
    );
    expect(a).toEqual({ id: 'A', eta: null, departure: null, late: false, done: true });
    // 0.05° = 7,227.68 m → 7,228 m × 0.12 s/m = 867.36 → 867 s.
    expect(b!.eta).toBe(at(8, 58) + 867_000);
  });

  it('a truck overdue on its way arrives no earlier than now', () => {
    const [a] = estimateArrivals(trip({ startedAt: at(8, 0), now: at(10, 0) }));
    expect(a!.eta).toBe(at(10, 0));
    expect(a!.late).toBe(true);
  });

  it('a leg without coordinates keeps the plan’s time for it', () => {
    const [a] = estimateArrivals(
      trip({ startedAt: at(8, 5), now: at(8, 5), stops: [{ ...stopA, place: null }, stopB] }),
    );
    expect(a!.eta).toBe(at(8, 5) + 29 * MIN);
  });
});

const stopsArb = fc
  .array(
    fc.record({
      dlat: fc.double({ min: -0.2, max: 0.2, noNaN: true }),
      dlon: fc.double({ min: -0.2, max: 0.2, noNaN: true }),
      windowStart: fc.integer({ min: 0, max: 600 }),
      windowLength: fc.integer({ min: 0, max: 240 }),
      service: fc.integer({ min: 0, max: 60 }),
      placed: fc.boolean(),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .map((rows) => {
    let time = at(8, 0);
    return rows.map((row, i): EtaStop => {
      time += 20 * MIN;
      const plannedArrival = time;
      time += row.service * MIN;
      return {
        id: `S${i}`,
        place: row.placed ? { lat: 13.7 + row.dlat, lon: 100.5 + row.dlon } : null,
        plannedArrival,
        plannedDeparture: time,
        window: [at(8, 0) + row.windowStart * MIN, at(8, 0) + (row.windowStart + row.windowLength) * MIN],
        serviceMs: row.service * MIN,
        arrivedAt: null,
        leftAt: null,
      };
    });
  });

/** A trip part-way: the first `done` stops left, maybe the next one reached, a position maybe. */
const runningArb = fc
  .record({
    stops: stopsArb,
    done: fc.nat(),
    atStop: fc.boolean(),
    now: fc.integer({ min: 0, max: 900 }),
    position: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
  })
  .map(({ stops, done, atStop, now, position }) => {
    const k = Math.min(done, stops.length);
    let clock = at(8, 5);
    const marked = stops.map((stop, i) => {
      if (i < k) {
        clock += 25 * MIN;
        const arrivedAt = clock;
        clock += stop.serviceMs;
        return { ...stop, arrivedAt, leftAt: clock };
      }
      if (i === k && atStop) {
        clock += 25 * MIN;
        return { ...stop, arrivedAt: clock };
      }
      return stop;
    });
    const nowAt = clock + now * MIN;
    return trip({
      stops: marked,
      startedAt: at(8, 5),
      now: nowAt,
      position: position === null ? null : { place: { lat: 13.75, lon: 100.55 }, at: nowAt - position * MIN },
    });
  });

describe('estimateArrivals: properties', () => {
  it('remaining stops: estimates in order, none before now (a stop reached keeps its arrival), left ones done', () => {
    fc.assert(
      fc.property(runningArb, (input) => {
        const out = estimateArrivals(input);
        expect(out.map((e) => e.id)).toEqual(input.stops.map((s) => s.id));
        let previous = Number.NEGATIVE_INFINITY;
        for (const [i, e] of out.entries()) {
          const stop = input.stops[i]!;
          if (stop.leftAt !== null) {
            expect(e).toMatchObject({ eta: null, departure: null, done: true });
            continue;
          }
          expect(e.done).toBe(false);
          if (stop.arrivedAt !== null) expect(e.eta).toBe(stop.arrivedAt);
          else expect(e.eta!).toBeGreaterThanOrEqual(input.now);
          expect(e.eta!).toBeGreaterThanOrEqual(previous);
          expect(e.departure!).toBeGreaterThanOrEqual(Math.max(e.eta!, stop.window[0]) + stop.serviceMs);
          expect(e.departure!).toBeGreaterThanOrEqual(input.now);
          previous = e.departure!;
        }
      }),
    );
  });

  it('late exactly when the arrival is after the window', () => {
    fc.assert(
      fc.property(runningArb, (input) => {
        for (const [i, e] of estimateArrivals(input).entries()) {
          const stop = input.stops[i]!;
          const arrival = e.eta ?? stop.arrivedAt ?? stop.leftAt!;
          expect(e.late).toBe(arrival > stop.window[1]);
        }
      }),
    );
  });

  it('time passing never brings an estimate forward', () => {
    fc.assert(
      fc.property(runningArb, fc.integer({ min: 1, max: 300 }), (input, later) => {
        const now = estimateArrivals(input);
        const then = estimateArrivals({ ...input, now: input.now + later * MIN });
        for (const [i, e] of now.entries())
          if (e.eta !== null) expect(then[i]!.eta!).toBeGreaterThanOrEqual(e.eta);
      }),
    );
  });

  it('before the trip is due, the plan is the estimate', () => {
    fc.assert(
      fc.property(stopsArb, (stops) => {
        const out = estimateArrivals(trip({ stops, now: at(7, 0) }));
        expect(out.map((e) => e.eta)).toEqual(stops.map((s) => s.plannedArrival));
      }),
    );
  });
});
