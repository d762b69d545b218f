import type { BoardStop, BoardTrip } from '@lms/domain';
import { describe, expect, it } from 'vitest';
import { applyPositions, applyProgress, boardFigures } from './boardState.ts';

const at = (m: number) => `2026-11-28T03:${String(m).padStart(2, '0')}:00.000Z`;
const stop = (id: string, seq: number): BoardStop => ({
  id,
  seq,
  bookingId: `b${seq}`,
  bookingDocNo: `BK${seq}`,
  shipToName: `ร้าน ${seq}`,
  status: 'PENDING',
  windowFrom: at(0),
  windowTo: at(30),
  plannedArrival: at(10),
  eta: at(10),
  late: false,
  arrivedAt: null,
  leftAt: null,
});
const trip = (id: string): BoardTrip => ({
  id,
  docNo: `SH-${id}`,
  date: '2026-11-28',
  licensePlate: null,
  driverName: null,
  status: 'RUNNING',
  position: { lat: 13.7, lon: 100.5, accuracy: 10, at: at(5) },
  done: 0,
  nextStopId: 's1',
  late: 0,
  stops: [stop('s1', 1), stop('s2', 2)],
  at: at(5),
});

describe('the board live', () => {
  it('moves a truck to its newest fix and ignores an older one', () => {
    const [moved, other] = applyPositions(
      [trip('a'), trip('b')],
      [
        { tripId: 'a', lat: 13.8, lon: 100.6, accuracy: 5, at: at(7) },
        { tripId: 'a', lat: 13.75, lon: 100.55, accuracy: 5, at: at(6) },
        { tripId: 'b', lat: 1, lon: 1, accuracy: 5, at: at(1) },
        { tripId: 'unknown', lat: 1, lon: 1, accuracy: 5, at: at(9) },
      ],
    );
    expect(moved!.position).toEqual({ lat: 13.8, lon: 100.6, accuracy: 5, at: at(7) });
    expect(other!.position?.at).toBe(at(5));
  });

  it('takes a trip’s progress by stop id and keeps what the progress does not carry', () => {
    const [next] = applyProgress(
      [trip('a')],
      [
        {
          id: 'a',
          status: 'RUNNING',
          done: 1,
          nextStopId: 's2',
          late: 1,
          at: at(8),
          stops: [
            { id: 's1', status: 'DELIVERED', eta: null, late: false, arrivedAt: at(6), leftAt: at(8) },
            { id: 's2', status: 'PENDING', eta: at(40), late: true, arrivedAt: null, leftAt: null },
          ],
        },
      ],
    );
    expect(next).toMatchObject({ done: 1, nextStopId: 's2', late: 1 });
    expect(next!.stops[0]).toMatchObject({ status: 'DELIVERED', shipToName: 'ร้าน 1', leftAt: at(8) });
    expect(next!.stops[1]).toMatchObject({ eta: at(40), late: true, windowTo: at(30) });
    expect(boardFigures([next!])).toEqual({ running: 1, stops: 2, done: 1, late: 1 });
    // Its late stop cancelled after the plan: neither a stop to serve nor a late one.
    const canceled = {
      ...next!,
      stops: next!.stops.map((s) => (s.id === 's2' ? { ...s, canceled: true } : s)),
    };
    expect(boardFigures([canceled])).toEqual({ running: 1, stops: 1, done: 1, late: 0 });
  });

  it('drops the truck from the map when the trip ends, and ignores an older progress', () => {
    const base = trip('a');
    const [ended] = applyProgress(
      [base],
      [{ id: 'a', status: 'DONE', done: 2, nextStopId: null, late: 0, at: at(9), stops: [] }],
    );
    expect(ended!.position).toBeNull();
    const [same] = applyProgress(
      [base],
      [{ id: 'a', status: 'DONE', done: 2, nextStopId: null, late: 0, at: at(1), stops: [] }],
    );
    expect(same).toBe(base);
  });
});
