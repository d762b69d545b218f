import type { BoardPosition, BoardStop, BoardTrip, TripProgress } from '@lms/domain';
import { deliveryApi } from '@lms/domain';
import type { OpenEventStream } from '@lms/entity-pages';
import type { HttpHandler } from 'msw';
import { fixtureId } from '../mocks/fixtures.ts';
import { type MockAnswer, mock } from '../mocks/mock.ts';
import { DRIVER_DAY } from './driverMocks.ts';

const at = (time: string) => new Date(`${DRIVER_DAY}T${time}:00+07:00`).toISOString();

const boardStop = (trip: number, seq: number, fields: Partial<BoardStop> = {}): BoardStop => ({
  id: fixtureId('deliveryStop', trip * 10 + seq),
  seq,
  bookingId: fixtureId('bookingReport', trip * 10 + seq),
  bookingDocNo: `BK20251128000${trip}${seq}`,
  shipToName: `ร้านค้าที่ ${seq}`,
  status: 'PENDING',
  windowFrom: at(`${String(8 + seq * 2).padStart(2, '0')}:00`),
  windowTo: at(`${String(10 + seq * 2).padStart(2, '0')}:00`),
  plannedArrival: at(`${String(9 + seq * 2).padStart(2, '0')}:00`),
  eta: at(`${String(9 + seq * 2).padStart(2, '0')}:10`),
  late: false,
  arrivedAt: null,
  leftAt: null,
  ...fields,
});

/** Three trips of the day: one running (a stop done, the next late), one planned, one done. */
export const boardFixture: BoardTrip[] = [
  {
    id: fixtureId('shipment', 11),
    docNo: 'SH2025112800011',
    date: DRIVER_DAY,
    licensePlate: '70-1001',
    driverName: 'สมชาย ขับดี',
    status: 'RUNNING',
    position: { lat: 13.74, lon: 100.56, accuracy: 15, at: at('10:42') },
    done: 1,
    nextStopId: fixtureId('deliveryStop', 112),
    late: 1,
    at: at('10:42'),
    stops: [
      boardStop(1, 1, {
        shipToName: 'โฮมโปร บางนา',
        status: 'DELIVERED',
        arrivedAt: at('10:05'),
        leftAt: at('10:25'),
        eta: null,
      }),
      boardStop(1, 2, { shipToName: 'ไทวัสดุ รังสิต', eta: at('12:40'), late: true }),
      boardStop(1, 3, {
        shipToName: 'ห้างหุ้นส่วนจำกัด รุ่งเรืองวัสดุก่อสร้างและเครื่องมือช่างครบวงจร สาขาลำลูกกาคลองสี่',
      }),
    ],
  },
  {
    id: fixtureId('shipment', 12),
    docNo: 'SH2025112800012',
    date: DRIVER_DAY,
    licensePlate: '71-2002',
    driverName: 'วิชัย ส่งไว',
    status: 'PLANNED',
    position: null,
    done: 0,
    nextStopId: fixtureId('deliveryStop', 121),
    late: 0,
    at: at('10:42'),
    stops: [boardStop(2, 1, { shipToName: 'บุญถาวร ปิ่นเกล้า' }), boardStop(2, 2, { shipToName: 'ร้านรุ่งเรือง' })],
  },
];

export function boardHandlers(
  board: (
    date: string,
  ) => MockAnswer<typeof deliveryApi.board> | Promise<MockAnswer<typeof deliveryApi.board>> = () =>
    boardFixture,
): HttpHandler[] {
  return [
    mock(deliveryApi.board, ({ query }) => board(query.date ?? '')),
    mock(deliveryApi.createLink, () => ({
      url: 'http://localhost:8080/driver/link/lmt_AAAAAAAAAAAAAAAAAAAAAA.story',
      pin: '482913',
      expiresAt: at('23:59'),
      sentTo: null,
      channel: null,
    })),
  ] as HttpHandler[];
}

/** The board's stream in a story: opens at once, and the play function sends what the server would. */
export function fakeBoardStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let opened = 0;
  const open: OpenEventStream = async () => {
    opened += 1;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
        c.enqueue(encoder.encode(': connected\n\n'));
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
  const send = (event: string, data: unknown) =>
    controller?.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
  return {
    open,
    positions: (list: BoardPosition[]) => send('positions', list),
    trips: (list: TripProgress[]) => send('trips', list),
    get opened() {
      return opened;
    },
  };
}
