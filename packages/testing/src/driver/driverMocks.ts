import {
  authApi,
  type DriverStop,
  type DriverTrip,
  type DriverTripSummary,
  driverApi,
  type StopEventInput,
} from '@lms/domain';
import {
  type DriverSession,
  openDriverStore,
  type PositionAdapter,
  PositionSource,
  type StageQuestion,
  withPending,
} from '@lms/features/driver';
import type { HttpHandler } from 'msw';
import { userEvent } from 'storybook/test';
import { fixtureId } from '../mocks/fixtures.ts';
import { type MockAnswer, mock } from '../mocks/mock.ts';

/** The story's day: Friday 28 Nov 2025, times in Bangkok (UTC+7). */
export const DRIVER_DAY = '2025-11-28';
const at = (time: string) => new Date(`${DRIVER_DAY}T${time}:00+07:00`).toISOString();
export const DRIVER_TRIP_ID = fixtureId('shipment', 1);

const stop = (seq: number, fields: Partial<DriverStop>): DriverStop => ({
  id: fixtureId('deliveryStop', seq),
  seq,
  bookingId: fixtureId('bookingReport', seq),
  bookingDocNo: `BK2025112800000${seq}`,
  shipToName: `ร้านที่ ${seq}`,
  address: null,
  phone: null,
  lat: 13.7 + seq / 100,
  lon: 100.5,
  navigationUrl: `https://www.google.com/maps/dir/?api=1&destination=${13.7 + seq / 100},100.5`,
  windowFrom: at('09:00'),
  windowTo: at('11:00'),
  plannedArrival: at('09:30'),
  plannedDeparture: at('09:50'),
  eta: at('09:30'),
  late: false,
  serviceMinutes: 20,
  proofRequired: 'SIGNATURE',
  status: 'PENDING',
  arrivedAt: null,
  leftAt: null,
  orders: [
    {
      deliveryOrderId: fixtureId('deliveryOrder', seq),
      docNo: `DO610000${seq}001`,
      article: 'ปูนซีเมนต์ปอร์ตแลนด์ 50 กก.',
      qty: 10,
      delivered: null,
    },
  ],
  proof: null,
  ...fields,
});

/** Three stops: the first delivered and left, the second next (running late), the third with a long Thai address. */
export const driverTripFixture: DriverTrip = {
  id: DRIVER_TRIP_ID,
  docNo: 'SH2025112800001',
  date: DRIVER_DAY,
  licensePlate: '70-1001',
  driverName: 'สมชาย ขับดี',
  branchName: 'สาขา กรุงเทพมหานคร',
  branchPhone: '02-123-4567',
  status: 'RUNNING',
  // Six hours before the day's morning shift (06:00): open all that day.
  tapsFrom: new Date(`${DRIVER_DAY}T00:00:00+07:00`).toISOString(),
  stages: [],
  stops: [
    stop(1, {
      shipToName: 'โฮมโปร บางนา',
      address: '99 ถนนบางนา-ตราด แขวงบางนา เขตบางนา กรุงเทพมหานคร 10260',
      phone: '02-111-2222',
      proofRequired: 'BOTH',
      status: 'DELIVERED',
      arrivedAt: at('09:12'),
      leftAt: at('09:35'),
      eta: null,
      orders: [
        {
          deliveryOrderId: fixtureId('deliveryOrder', 1),
          docNo: 'DO6100001001',
          article: 'กระเบื้องปูพื้น',
          qty: 20,
          delivered: 20,
        },
      ],
      proof: {
        kind: 'delivered',
        at: at('09:30'),
        position: { lat: 13.71, lon: 100.5, accuracy: 8 },
        recipient: 'สมศรี รับของ',
        signatureFileId: fixtureId('file', 1),
        photoFileIds: [fixtureId('file', 2)],
        reason: null,
        reasonLabel: null,
        reasonText: null,
        note: null,
      },
    }),
    stop(2, {
      shipToName: 'ไทวัสดุ รังสิต',
      address: '88 ถนนพหลโยธิน ตำบลประชาธิปัตย์ อำเภอธัญบุรี ปทุมธานี',
      phone: '02-333-4444',
      windowFrom: at('10:00'),
      windowTo: at('11:00'),
      plannedArrival: at('10:15'),
      eta: at('11:20'),
      late: true,
      orders: [
        {
          deliveryOrderId: fixtureId('deliveryOrder', 2),
          docNo: 'DO6100002001',
          article: 'เหล็กเส้น 12 มม.',
          qty: 10,
          delivered: null,
        },
        {
          deliveryOrderId: fixtureId('deliveryOrder', 3),
          docNo: 'DO6100002002',
          article: 'ลวดผูกเหล็ก',
          qty: 5,
          delivered: null,
        },
      ],
    }),
    stop(3, {
      shipToName: 'ห้างหุ้นส่วนจำกัด รุ่งเรืองวัสดุก่อสร้างและเครื่องมือช่างครบวงจร สาขาลำลูกกาคลองสี่',
      address:
        'เลขที่ 123/45 หมู่ที่ 6 ซอยลำลูกกา 38 ถนนลำลูกกา ตำบลลาดสวาย อำเภอลำลูกกา จังหวัดปทุมธานี 12150 (ทางเข้าอยู่ข้างร้านสะดวกซื้อ เข้าซอยประมาณ 300 เมตร)',
      phone: null,
      navigationUrl: null,
      lat: null,
      lon: null,
      proofRequired: 'PHOTO',
      windowFrom: at('13:00'),
      windowTo: at('15:00'),
      plannedArrival: at('13:10'),
      eta: at('13:40'),
    }),
  ],
};

export const driverTripsFixture: DriverTripSummary[] = [
  {
    id: DRIVER_TRIP_ID,
    docNo: driverTripFixture.docNo,
    date: DRIVER_DAY,
    licensePlate: '70-1001',
    status: 'RUNNING',
    stops: 3,
    done: 1,
    start: at('08:30'),
  },
  {
    id: fixtureId('shipment', 2),
    docNo: 'SH2025112800002',
    date: DRIVER_DAY,
    licensePlate: '70-1001',
    status: 'PLANNED',
    stops: 5,
    done: 0,
    start: at('13:00'),
  },
];

/** A trip as the server answers it (not a refusal, a network error or an answer never given). */
const isTrip = (answer: unknown): answer is DriverTrip =>
  typeof answer === 'object' && answer !== null && !(answer instanceof Response) && 'stops' in answer;

type Answer<O extends Parameters<typeof mock>[0]> = () => MockAnswer<O> | Promise<MockAnswer<O>>;

/** The driver's routes as stories need them; `sent` hears every event the phone sends. */
export function driverHandlers(
  options: {
    trips?: Answer<typeof driverApi.trips>;
    /** The trips of any other day than `DRIVER_DAY` (tomorrow's on the trip list): none unless given. */
    otherDay?: Answer<typeof driverApi.trips>;
    trip?: Answer<typeof driverApi.trip>;
    events?: (events: readonly StopEventInput[]) => MockAnswer<typeof driverApi.events> | undefined;
    claim?: Answer<typeof driverApi.claimLink>;
    signIn?: Answer<typeof authApi.webLogin>;
    uploads?: string[];
  } = {},
): HttpHandler[] {
  // The events this server accepted with its own answer. The phone drops what was sent from its
  // queue and shows the server's trip from then on: a server that forgot them would take the
  // stop back a step under the driver's finger (the "left" button gone before a story taps it).
  const heard: StopEventInput[] = [];
  /** The trip as this server last answered it, before the events it heard. */
  let answeredTrip: DriverTrip = driverTripFixture;
  const asHeard = (trip: DriverTrip) => (heard.length ? withPending(trip, heard) : trip);
  return [
    mock(driverApi.trips, ({ query }) =>
      query.date && query.date !== DRIVER_DAY
        ? (options.otherDay?.() ?? [])
        : (options.trips?.() ?? driverTripsFixture),
    ),
    mock(driverApi.trip, async () => {
      const answer = await (options.trip?.() ?? driverTripFixture);
      if (!isTrip(answer)) return answer;
      answeredTrip = answer;
      return asHeard(answer);
    }),
    mock(driverApi.events, ({ body }) => {
      const answered = options.events?.(body.events);
      if (answered !== undefined) return answered;
      // Accepted, and kept as the server keeps them: its trip answers from now on carry them.
      heard.push(...body.events);
      return {
        results: body.events.map((e) => ({ id: e.id, duplicate: false })),
        stages: [],
        trip: asHeard(answeredTrip),
      };
    }),
    mock(driverApi.positions, ({ body }) => ({ kept: body.positions.length, ignored: 0 })),
    mock(driverApi.upload, ({ query }) => {
      options.uploads?.push(query.id);
      return { id: query.id, duplicate: false };
    }),
    mock(
      driverApi.claimLink,
      () =>
        options.claim?.() ?? {
          bearer: 'lmt_story.bearer',
          tripId: DRIVER_TRIP_ID,
          expiresAt: at('23:59'),
        },
    ),
    mock(
      authApi.webLogin,
      () =>
        options.signIn?.() ?? {
          userId: fixtureId('appUser', 9),
          token: 'story-token',
          expiresAt: new Date(Date.now() + 3600_000).toISOString(),
          info: {
            userId: fixtureId('appUser', 9),
            username: 'driver.bkk',
            fullName: 'สมชาย ขับดี',
            email: null,
            profileImageId: null,
            roles: [],
            branchInfos: [],
            mustChangePassword: false,
            buddhistEra: false,
          },
        },
    ),
  ] as HttpHandler[];
}

/** A driver signed in as a user, until far in the future. */
export const driverUserSession: DriverSession = {
  kind: 'user',
  token: 'story-token',
  expiresAt: '2099-01-01T00:00:00.000Z',
  userId: fixtureId('appUser', 9),
  name: 'สมชาย ขับดี',
};

let stores = 0;
/**
 * A phone of its own for a story: a fresh IndexedDB database (the stories share one page), with the
 * session given (none: signed out) and the stage questions left unanswered when the app was last
 * closed. Answers the database's name for `DriverProvider storeName`.
 */
export async function driverStoryStore(
  session: DriverSession | null = driverUserSession,
  questions: readonly StageQuestion[] = [],
): Promise<string> {
  const name = `lms-driver-story-${Date.now()}-${++stores}`;
  const store = await openDriverStore(name);
  if (session) await store.saveSession(session);
  if (questions.length) await store.ask(questions);
  store.close();
  return name;
}

/** The phone stands still at the depot: every fix is this one, at once. */
export function stillPhone(fix = { lat: 13.72, lon: 100.52, accuracy: 12 }): PositionSource {
  const position = () =>
    ({
      coords: { latitude: fix.lat, longitude: fix.lon, accuracy: fix.accuracy },
      timestamp: Date.now(),
    }) as GeolocationPosition;
  const adapter: PositionAdapter = {
    getCurrentPosition: (success) => success(position()),
    watchPosition: (success) => {
      success(position());
      return 1;
    },
    clearWatch: () => {},
  };
  return new PositionSource(adapter);
}

/** A finger's signature across a signature pad (pointer down, moves, up). */
export async function signOn(pad: HTMLElement): Promise<void> {
  const box = pad.getBoundingClientRect();
  const at = (fx: number) => ({
    clientX: box.left + box.width * fx,
    clientY: box.top + box.height * (0.5 + 0.15 * Math.sin(fx * 9)),
  });
  await userEvent.pointer([
    { keys: '[MouseLeft>]', target: pad, coords: at(0.1) },
    ...[0.25, 0.4, 0.55, 0.7, 0.85].map((fx) => ({ target: pad, coords: at(fx) })),
    { keys: '[/MouseLeft]', target: pad, coords: at(0.9) },
  ]);
}

/** A camera photo for a story's file input: a small PNG drawn on a canvas. */
export async function photoFile(name = 'photo.png'): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 64;
  canvas.height = 48;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#1f5fae';
  context.fillRect(0, 0, 64, 48);
  context.fillStyle = '#f4b400';
  context.fillRect(16, 12, 32, 24);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
  return new File([blob], name, { type: 'image/png' });
}
