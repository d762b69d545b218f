import { randomBytes, randomUUID } from 'node:crypto';
import {
  addDays,
  appointmentMessages,
  appointmentText,
  type BoardPosition,
  type BookingDelivery,
  bangkokIsoDate,
  deliveryMessages,
  editRoleOf,
  formatDateTime,
  formatTime,
  htmlText,
  INPUT_BOUNDS,
  REBOOK_LINK_DAYS,
  ROLE_ADMIN,
  ROLE_BOOKING_REPORT_READ,
  readRoleOf,
  type TripProgress,
  tripsOf,
} from '@lms/domain';
import { sql } from 'kysely';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { RegisteredRoute } from '../src/auth/access.ts';
import { kindLabel } from '../src/delivery/settle.ts';
import { purgeExpired } from '../src/privacy/retention.ts';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { bookingScenario } from './bookingScenario.ts';
import { bookThroughApi } from './bookThroughApi.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';
import { pdfPages } from './pdfText.ts';

const server = setupTestServer();
const MISSING = '00000000-0000-4000-8000-000000000001';
const MIN = 60_000;

type World = Awaited<ReturnType<typeof bookingScenario>>;

/** A booking of one DO through the API (draft, confirm) as the admin; answers its id. */
const book = (world: World, admin: string, shipToId: string, doId: string, qty = 1) =>
  bookThroughApi(server, world, admin, shipToId, doId, qty);

/** A branch's trip: a truck, its driver (linked to `driverUserId`), bookings planned and confirmed into one shipment. */
async function trip(world: World, admin: string, driverUserId: string, bookings: string[]) {
  const [truck] = await insertRecords(server.db, 'vehicle', [
    {
      code: `T${world.branchId.slice(0, 4)}`,
      name: 'หกล้อ',
      licensePlate: `กข-${randomBytes(2).toString('hex')}`,
      branchId: world.branchId,
      vehicleTypeId: world.vehicleTypeId,
    },
  ]);
  const [driverId] = await insertRecords(server.db, 'driver', [
    {
      code: `D${world.branchId.slice(0, 4)}`,
      name: 'สมชาย ขับดี',
      tel: '0812345678',
      branchId: world.branchId,
      vehicleId: truck,
      isMain: true,
      appUserId: driverUserId,
    },
  ]);
  const q = `?branchId=${world.branchId}`;
  const plan = await call(server.api, 'POST', `/shipmentPlanning/plan${q}`, {
    token: admin,
    body: { date: world.today, shiftOfDayId: world.shiftOfDayId },
  });
  expect(plan.status, JSON.stringify(plan.body)).toBe(200);
  expect(plan.body.trips).toHaveLength(1);
  expect(plan.body.trips[0].stops.map((s: { bookingId: string }) => s.bookingId).sort()).toEqual(
    [...bookings].sort(),
  );
  const confirmed = await call(server.api, 'POST', `/shipmentPlanning/confirm${q}`, {
    token: admin,
    body: { date: world.today, shiftOfDayId: world.shiftOfDayId, version: 0, trips: tripsOf(plan.body) },
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { shipmentId: confirmed.body.trips[0].shipmentId as string, driverId: driverId! };
}

const png = () =>
  sharp({ create: { width: 16, height: 12, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();

async function upload(token: string, shipmentId: string, id: string, bytes: Buffer) {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(bytes)]), 'proof.png');
  const response = await fetch(`${server.api}/driver/trips/${shipmentId}/files?id=${id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

const deviceKey = () => randomBytes(32).toString('base64url');

/** A trip link made by the dispatcher and opened (claimed) on a phone: answers the phone's bearer. */
async function linkFor(dispatcher: string, branchId: string, shipmentId: string, device = deviceKey()) {
  const made = await call(server.api, 'POST', `/delivery/trips/${shipmentId}/link?branchId=${branchId}`, {
    token: dispatcher,
    body: { send: false },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const token = (made.body.url as string).split('/driver/link/')[1]!;
  const claimed = await call(server.api, 'POST', '/public/tripLink/claim', {
    body: { token, deviceKey: device, pin: made.body.pin },
  });
  expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
  return { bearer: claimed.body.bearer as string, token, pin: made.body.pin as string, device };
}

/** A shipment moved to a shift of its own, `from`–`to` (Bangkok), on `from`'s day; no planned CheckIn. */
async function ownShift(shipmentId: string, from: number, to: number) {
  const [shiftId] = await insertRecords(server.db, 'shiftOfDay', [
    {
      name: `กะเที่ยวรถ ${shipmentId.slice(0, 8)}`,
      startTime: formatTime(new Date(from)),
      endTime: formatTime(new Date(to)),
      totalMinute: Math.round((to - from) / MIN),
      priority: 9,
      active: true,
    },
  ]);
  await sql`update shipment set shift_date = ${bangkokIsoDate(new Date(from))}, shift_of_day_id = ${shiftId},
    plan_date_check_in = null, plan_time_check_in = null where id = ${shipmentId}`.execute(server.db);
}

const who: Record<string, string | undefined> = {};
let a: World;
let b: World;
let tripA: string;
let tripB: string;
let bookingsA: string[];
let shipTos: string[];
let stops: {
  id: string;
  bookingId: string;
  orders: { deliveryOrderId: string; qty: number }[];
  proofRequired: string;
}[];

beforeAll(async () => {
  a = await bookingScenario(server.db, { deliveryOrders: 3 });
  b = await bookingScenario(server.db, { deliveryOrders: 1 });
  const adminUser = await createUser(server.db, { roles: [ROLE_ADMIN] });
  who.admin = await signIn(server.api, adminUser);
  who.dispatcher = await signIn(
    server.api,
    await createUser(server.db, {
      roles: [editRoleOf('SHIPMENT'), ROLE_BOOKING_REPORT_READ],
      branchIds: [a.branchId],
    }),
  );
  const driverA = await createUser(server.db, { branchIds: [a.branchId] });
  const driverB = await createUser(server.db, { branchIds: [b.branchId] });
  who.driver = await signIn(server.api, driverA);
  who.otherDriver = await signIn(server.api, driverB);

  // Three ship-tos north of the branch, each asking its own proof (BOTH, the customer's default, PHOTO).
  const [sub] = (
    await sql<{ id: string }>`select sub_district_id as id from ship_to where id = ${a.shipToId}`.execute(
      server.db,
    )
  ).rows;
  shipTos = (await insertRecords(server.db, 'shipTo', [
    {
      code: `SA${a.branchId.slice(0, 4)}`,
      name: 'ร้านเอ',
      tel: '021110001',
      address: '1 ถนนหนึ่ง',
      subDistrictId: sub!.id,
      lat: 13.75,
      lon: 100.5,
      proofRequirement: 'BOTH',
    },
    {
      code: `SB${a.branchId.slice(0, 4)}`,
      name: 'ร้านบี',
      tel: '021110002',
      subDistrictId: sub!.id,
      lat: 13.8,
      lon: 100.5,
    },
    {
      code: `SC${a.branchId.slice(0, 4)}`,
      name: 'ร้านซี',
      tel: '021110003',
      subDistrictId: sub!.id,
      lat: 13.85,
      lon: 100.5,
      proofRequirement: 'PHOTO',
    },
  ])) as string[];
  const [do1, do2, do3] = a.deliveryOrderIds as [string, string, string];
  for (const [i, doId] of [do1, do2, do3].entries())
    await sql`update delivery_order set so_ship_to_id = ${shipTos[i]!} where id = ${doId}`.execute(server.db);
  // DO 2 is ten units (100 kg in all): it will be delivered in part.
  await sql`update delivery_order set qty = 10 where id = ${do2}`.execute(server.db);
  bookingsA = [
    await book(a, who.admin, shipTos[0]!, do1),
    await book(a, who.admin, shipTos[1]!, do2, 10),
    await book(a, who.admin!, shipTos[2]!, do3),
  ];
  const bookingB = await book(b, who.admin, b.shipToId, b.deliveryOrderIds[0]!);
  tripA = (await trip(a, who.admin, driverA.id, bookingsA)).shipmentId;
  tripB = (await trip(b, who.admin, driverB.id, [bookingB])).shipmentId;

  const linkA = await linkFor(who.dispatcher, a.branchId, tripA);
  who.linkA = linkA.bearer;
  who.linkB = (await linkFor(who.admin!, b.branchId, tripB)).bearer;
  // The same link opened on a second phone: refused, and its bearer with that phone's key is nobody.
  const second = deviceKey();
  const again = await call(server.api, 'POST', '/public/tripLink/claim', {
    body: { token: linkA.token, deviceKey: second, pin: linkA.pin },
  });
  expect(again.status).toBe(409);
  who.secondDevice = `${linkA.token}.${second}`;

  const { rows: group } = await sql<{ id: string }>`insert into app_role_group (name, roles)
    values ('คีย์ทดสอบ', ${[ROLE_ADMIN]}) returning id`.execute(server.db);
  const key = await call(server.api, 'POST', '/apiKey', {
    token: who.admin,
    body: { name: 'erp', roleGroupId: group[0]!.id, branchIds: [a.branchId] },
  });
  who.apiKey = key.body.secret;
  who.anonymous = undefined;

  const read = await call(server.api, 'GET', `/driver/trips/${tripA}`, { token: who.driver });
  expect(read.status, JSON.stringify(read.body)).toBe(200);
  stops = read.body.stops;
});

/** The delivery feature's routes (the core's registry). */
const deliveryRoutes = () =>
  server.app.apiRoutes.filter(
    (r) =>
      /^\/api\/(driver\/trips|delivery\/)/.test(r.url) ||
      r.url.endsWith('/deliveries') ||
      r.url.endsWith('/tripLink/claim') ||
      r.url.endsWith('/:token/delivery'),
  );

function send(route: RegisteredRoute, token: string | undefined, id: string) {
  const path = route.url
    .replace(/^\/api/, '')
    .replace(':id', id)
    .replace(':token', 'x');
  const branch = route.branchScoped ? `branchId=${a.branchId}` : '';
  const query = route.url.endsWith('/files') ? `id=${randomUUID()}` : '';
  const qs = [branch, query].filter(Boolean).join('&');
  const body =
    route.method === 'POST' || route.method === 'PUT'
      ? route.url.endsWith('/events')
        ? { events: [{ id: randomUUID(), kind: 'arrived', stopId: MISSING, at: new Date().toISOString() }] }
        : route.url.endsWith('/positions')
          ? { positions: [{ lat: 13.7, lon: 100.5, accuracy: 5, at: new Date().toISOString() }] }
          : route.url.endsWith('/link')
            ? { send: false }
            : {}
      : undefined;
  return call(server.api, route.method, `${path}${qs ? `?${qs}` : ''}`, { token, body });
}

describe('to the door: who reaches what', () => {
  it('declares every delivery route’s rule; trip links reach only the driver’s routes', () => {
    const routes = deliveryRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(14);
    for (const route of routes) {
      expect(route.access).toBeDefined();
      if (!('public' in route.access)) expect(route.apiKey, route.url).toBe('closed');
      expect(route.tripLink, route.url).toBe(route.url.startsWith('/api/driver/trips'));
    }
    // No other route of the app lets a trip link in.
    expect(server.app.apiRoutes.filter((r) => r.tripLink && !r.url.startsWith('/api/driver/trips'))).toEqual(
      [],
    );
  });

  it('every route × admin, dispatcher, the trip’s driver, another driver, its link, another link, a second phone, an API key, nobody', async () => {
    const signedIn = deliveryRoutes().filter((r) => !('public' in r.access));
    for (const route of signedIn) {
      const label = `${route.method} ${route.url}`;
      const driverRoute = route.tripLink;
      for (const [name, token] of Object.entries(who)) {
        if (route.url.endsWith('/board/events') && ['admin', 'dispatcher'].includes(name)) continue; // a stream: below
        // A new link revokes the trip's link in use (beforeAll made them with these two).
        if (route.url.includes('/link') && ['admin', 'dispatcher'].includes(name)) continue;
        const answer = await send(route, token, tripA);
        const status = answer.status;
        if (route.url === '/api/driver/trips' && !['anonymous', 'secondDevice', 'apiKey'].includes(name)) {
          // The list: everyone signed in gets theirs, only the trip's driver and link see trip A.
          expect(status, `${label} ${name}`).toBe(200);
          const ids = (answer.body as { id: string }[]).map((t) => t.id);
          expect(ids.includes(tripA), `${label} ${name}`).toBe(name === 'driver' || name === 'linkA');
          continue;
        }
        if (name === 'anonymous' || name === 'secondDevice') expect(status, `${label} ${name}`).toBe(401);
        else if (name === 'apiKey') expect(status, `${label} ${name}`).toBe(403);
        else if (driverRoute) {
          if (name === 'driver' || name === 'linkA')
            expect([401, 403, 404], `${label} ${name}: ${JSON.stringify(answer.body)}`).not.toContain(status);
          else {
            // Another driver, another trip's link, an office user: exactly what a trip nobody has answers.
            const missing = await send(route, token, MISSING);
            expect(status, `${label} ${name}`).toBe(404);
            expect(answer.body, `${label} ${name}`).toEqual(missing.body);
          }
        } else if (name === 'admin' || name === 'dispatcher') {
          if (!route.url.endsWith('/settings') || name === 'admin')
            expect([401, 403], `${label} ${name}: ${JSON.stringify(answer.body)}`).not.toContain(status);
          else expect(status).toBe(403);
        } else expect(status, `${label} ${name}`).toBe(403);
      }
    }
  });

  it('a driver and a link list only their own trips', async () => {
    const mine = await call(server.api, 'GET', `/driver/trips?date=${a.today}`, { token: who.driver });
    expect(mine.body.map((t: { id: string }) => t.id)).toEqual([tripA]);
    const other = await call(server.api, 'GET', `/driver/trips?date=${a.today}`, { token: who.otherDriver });
    expect(other.body.map((t: { id: string }) => t.id)).toEqual([tripB]);
    const link = await call(server.api, 'GET', '/driver/trips', { token: who.linkB });
    expect(link.body.map((t: { id: string }) => t.id)).toEqual([tripB]);
    const office = await call(server.api, 'GET', '/driver/trips', { token: who.dispatcher });
    expect(office.body).toEqual([]);
  });

  it('a link: a wrong PIN five times locks it; an ended trip’s link expires', async () => {
    const made = await call(server.api, 'POST', `/delivery/trips/${tripB}/link?branchId=${b.branchId}`, {
      token: who.admin,
      body: { send: false },
    });
    const token = (made.body.url as string).split('/driver/link/')[1]!;
    const wrong = made.body.pin === '000000' ? '111111' : '000000';
    const tries = [];
    for (let i = 0; i < 5; i++)
      tries.push(
        (
          await call(server.api, 'POST', '/public/tripLink/claim', {
            body: { token, deviceKey: deviceKey(), pin: wrong },
          })
        ).status,
      );
    expect(tries).toEqual([422, 422, 422, 422, 410]);
    const right = await call(server.api, 'POST', '/public/tripLink/claim', {
      body: { token, deviceKey: deviceKey(), pin: made.body.pin },
    });
    expect(right.status).toBe(410);
    // A token the server did not sign: the 404 of anything unknown.
    const forged = await call(server.api, 'POST', '/public/tripLink/claim', {
      body: { token: `lmt_${'A'.repeat(22)}.${'B'.repeat(43)}`, deviceKey: deviceKey(), pin: '123456' },
    });
    expect(forged.status).toBe(404);
    // The newest link revoked linkB: a new one for B now, then B ends 7 hours ago.
    const fresh = await linkFor(who.admin!, b.branchId, tripB);
    expect((await call(server.api, 'GET', `/driver/trips/${tripB}`, { token: fresh.bearer })).status).toBe(
      200,
    );
    expect((await call(server.api, 'GET', `/driver/trips/${tripB}`, { token: who.linkB })).status).toBe(401);
    await sql`update delivery_trip set started_at = now() - interval '9 hours', ended_at = now() - interval '7 hours'
      where shipment_id = ${tripB}`.execute(server.db);
    const expired = await call(server.api, 'GET', `/driver/trips/${tripB}`, { token: fresh.bearer });
    expect(expired.status).toBe(401);
  });
});

describe('to the door: a whole trip through the API', () => {
  it('shows the trip on the phone: stops in order, phone, navigation, DOs, window, planned arrival, proof asked', () => {
    expect(stops.map((s) => s.bookingId).sort()).toEqual([...bookingsA].sort());
    expect(stops.map((s) => (s as unknown as { seq: number }).seq)).toEqual([1, 2, 3]);
    const byBooking = bookingsA.map((id) => stops.find((s) => s.bookingId === id)!);
    expect(byBooking.map((s) => s.proofRequired)).toEqual(['BOTH', 'SIGNATURE', 'PHOTO']);
    const first = byBooking[0] as unknown as Record<string, unknown>;
    expect(first).toMatchObject({
      shipToName: 'ร้านเอ',
      phone: '021110001',
      address: '1 ถนนหนึ่ง',
      status: 'PENDING',
    });
    expect(first.navigationUrl).toContain('destination=13.750000,100.500000');
    expect(byBooking[1]!.orders).toMatchObject([
      { deliveryOrderId: a.deliveryOrderIds[1], qty: 10, delivered: null },
    ]);
  });

  it('records events once, in the phone’s order, offline replay included; stages follow; failures go back to booking', async () => {
    const token = who.linkA!;
    const t0 = Date.now() - 3 * 3600_000;
    const time = (minutes: number) => new Date(t0 + minutes * MIN).toISOString();
    // Trip A in a shift of its own around these times, whatever the hour the test runs: stage taps
    // are judged against the shipment's planned day and shift (docs/planning.md "Stage times"), and
    // a shift whose truck checked in is closed to bookings (the failed DO is booked again below in
    // the world's shift).
    await ownShift(tripA, t0 - 30 * MIN, t0 + 4 * 3600_000);
    // The phone reads when the trip's taps open: six hours before that shift's start (to the minute).
    const opened = await call(server.api, 'GET', `/driver/trips/${tripA}`, { token });
    const shiftStart = Math.floor((t0 - 30 * MIN) / MIN) * MIN;
    expect(opened.body.tapsFrom).toBe(new Date(shiftStart - 6 * 3600_000).toISOString());
    // Positions before the trip runs are not kept (PDPA).
    const early = await call(server.api, 'POST', `/driver/trips/${tripA}/positions`, {
      token,
      body: { positions: [{ lat: 13.7, lon: 100.5, accuracy: 10, at: time(0) }] },
    });
    expect(early.status).toBe(409);

    const signature = await upload(token, tripA, randomUUID(), await png());
    const photoId = randomUUID();
    const photo = await upload(token, tripA, photoId, await png());
    expect([signature.status, photo.status]).toEqual([200, 200]);
    // The same upload again (the answer was lost): the same file.
    expect((await upload(token, tripA, photoId, await png())).body).toEqual({ id: photoId, duplicate: true });
    const failPhoto = await upload(who.driver!, tripA, randomUUID(), await png());

    const [s1, s2, s3] = bookingsA.map((id) => stops.find((s) => s.bookingId === id)!) as [
      (typeof stops)[0],
      (typeof stops)[0],
      (typeof stops)[0],
    ];
    const at = (bookingId: string) => stops.findIndex((s) => s.bookingId === bookingId);
    const ev = (minutes: number, kind: string, extra: object = {}) => ({
      id: randomUUID(),
      kind,
      at: time(minutes),
      ...extra,
    });
    const here = { lat: 13.75, lon: 100.5, accuracy: 8 };
    // The planned stage times are the world's shift's: the phone has confirmed each tap the server asked about.
    const confirmed = { confirmUnusual: true };
    const events = [
      ev(0, 'stage', { stage: 'CheckIn', ...confirmed }),
      ev(5, 'stage', { stage: 'LoadStart', ...confirmed }),
      ev(20, 'stage', { stage: 'LoadEnd', ...confirmed }),
      ev(22, 'stage', { stage: 'ShipCom', ...confirmed }),
      ev(40, 'arrived', { stopId: s1.id, position: here }),
      ev(50, 'delivered', {
        stopId: s1.id,
        position: here,
        recipient: 'คุณสมศรี',
        signatureFileId: signature.body.id,
        photoFileIds: [photoId],
        note: 'วางหน้าร้าน',
      }),
      ev(52, 'left', { stopId: s1.id }),
      ev(60, 'arrived', { stopId: s2.id }),
      ev(70, 'partial', {
        stopId: s2.id,
        recipient: 'คุณบี',
        signatureFileId: signature.body.id,
        quantities: [{ deliveryOrderId: s2.orders[0]!.deliveryOrderId, qty: 6 }],
      }),
      ev(72, 'left', { stopId: s2.id }),
      ev(80, 'arrived', { stopId: s3.id }),
      ev(85, 'failed', { stopId: s3.id, reason: 'CUSTOMER_ABSENT', photoFileIds: [failPhoto.body.id] }),
      ev(86, 'left', { stopId: s3.id }),
    ];
    // Refused whole: a delivery without the signature its ship-to asks.
    const missing = await call(server.api, 'POST', `/driver/trips/${tripA}/events`, {
      token,
      body: { events: [{ ...events[5], signatureFileId: undefined }] },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.messages).toContain('จุดส่งนี้ต้องมีลายเซ็นผู้รับ');
    // Refused whole, nothing written: an arrival a day before the trip's shift (tomorrow's trip
    // tapped today), by the bound and in the words a stage tap is refused with.
    const dayBefore = ev(-24 * 60, 'arrived', { stopId: s1.id });
    const tooEarly = await call(server.api, 'POST', `/driver/trips/${tripA}/events`, {
      token,
      body: { events: [dayBefore] },
    });
    expect(tooEarly.status).toBe(422);
    expect(tooEarly.body.messages).toEqual([
      expect.stringMatching(/^เวลาจริงของ "ถึงจุดส่ง" ที่บันทึก .* เกิน 6 ชม\. จึงบันทึกไม่ได้/),
    ]);
    expect(
      (await sql`select 1 from delivery_event where id = ${dayBefore.id}`.execute(server.db)).rows,
    ).toEqual([]);

    // Out of order, in two calls, one event twice in the first.
    const shuffled = [...events].reverse();
    const first = await call(server.api, 'POST', `/driver/trips/${tripA}/events`, {
      token,
      body: { events: [...shuffled.slice(0, 7), shuffled[0]] },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.results.at(-1)).toEqual({ id: shuffled[0]!.id, duplicate: true });
    const second = await call(server.api, 'POST', `/driver/trips/${tripA}/events`, {
      token: who.driver,
      body: { events: shuffled.slice(7) },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    // The whole queue replayed after a lost answer: nothing new.
    const replay = await call(server.api, 'POST', `/driver/trips/${tripA}/events`, {
      token,
      body: { events },
    });
    expect(replay.body.results.every((r: { duplicate: boolean }) => r.duplicate)).toBe(true);

    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from delivery_event where shipment_id = ${tripA}`.execute(server.db);
    expect(rows[0]!.n).toBe(events.length);
    const trip = replay.body.trip;
    expect(trip.status).toBe('DONE');
    const [i1, i2, i3] = bookingsA.map(at) as [number, number, number];
    expect([trip.stops[i1].status, trip.stops[i2].status, trip.stops[i3].status]).toEqual([
      'DELIVERED',
      'PARTIAL',
      'FAILED',
    ]);
    expect(trip.stops[i1].arrivedAt).toBe(time(40));
    expect(trip.stops[i3].leftAt).toBe(time(86));
    expect(trip.stops[i1].proof).toMatchObject({
      kind: 'delivered',
      recipient: 'คุณสมศรี',
      at: time(50),
      position: here,
      note: 'วางหน้าร้าน',
    });
    expect(trip.stops[i1].proof.photoFileIds).toHaveLength(1);
    expect(trip.stops[i2].orders[0]).toMatchObject({ qty: 10, delivered: 6 });
    expect(trip.stops[i3].proof).toMatchObject({
      kind: 'failed',
      reason: 'CUSTOMER_ABSENT',
      reasonLabel: 'ไม่พบผู้รับ',
    });
    // Every stage: the four tapped, ShipStart at the first stop event, ShipEnd when the last stop was left.
    const actual = Object.fromEntries(
      trip.stages.map((s: { stage: string; actual: string | null }) => [s.stage, s.actual]),
    );
    expect(actual.CheckIn).toBe(new Date(Math.floor(t0 / MIN) * MIN).toISOString());
    expect(actual.ShipStart).toBe(new Date(Math.floor((t0 + 40 * MIN) / MIN) * MIN).toISOString());
    expect(actual.ShipEnd).toBe(new Date(Math.floor((t0 + 86 * MIN) / MIN) * MIN).toISOString());

    // History: every stop event on its booking.
    const { rows: history } = await sql<{ n: number }>`select count(*)::int as n from history
      where entity = 'bookingReport' and record_id = any(${bookingsA}::uuid[]) and changes ? 'delivery'`.execute(
      server.db,
    );
    expect(history[0]!.n).toBe(9);
    // The partial delivery's quantities by DO number, as the history tab reads them (never an id).
    const { rows: partialEntry } = await sql<{ changes: { quantities: unknown } }>`select changes from history
      where entity = 'bookingReport' and record_id = any(${bookingsA}::uuid[])
        and changes ->> 'delivery' = ${kindLabel('partial')}`.execute(server.db);
    expect(partialEntry.map((e) => e.changes.quantities)).toEqual([
      { [(s2.orders[0] as unknown as { docNo: string }).docNo]: 6 },
    ]);

    // Back to booking: DO 2 has 4 of 10 left, DO 3 all; both are "to book" and in the planner's filter.
    const { rows: orders } = await sql<{ id: string; delivered_qty: number | null; is_booking: boolean }>`
      select id, delivered_qty::float, is_booking from delivery_order where id = any(${a.deliveryOrderIds}::uuid[]) order by doc_no`.execute(
      server.db,
    );
    expect(orders.map((o) => [o.delivered_qty, o.is_booking])).toEqual([
      [1, true],
      [6, false],
      [0, false],
    ]);
    const returned = await call(server.api, 'GET', `/deliveryOrder?returned=true&branchId=${a.branchId}`, {
      token: who.admin,
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect(returned.body.items.map((r: { id: string }) => r.id).sort()).toEqual(
      [a.deliveryOrderIds[1], a.deliveryOrderIds[2]].sort(),
    );
    const home = await call(server.api, 'GET', `/home/planner?branchId=${a.branchId}`, { token: who.admin });
    expect(home.body.returned.count).toBe(2);
  });

  it('the failed DO is booked again through the wizard’s suggestion, linked to the original; the partial one for what is left', async () => {
    const [, do2, do3] = a.deliveryOrderIds as [string, string, string];
    const q = `branchId=${a.branchId}`;
    const suggestion = await call(server.api, 'POST', `/doBooking/suggestion?${q}`, {
      token: who.admin,
      body: { shipToId: shipTos[2], shipCondId: a.shipCondId, deliveryOrderIds: [do3] },
    });
    expect(suggestion.status, JSON.stringify(suggestion.body)).toBe(200);
    expect(suggestion.body.options.length).toBeGreaterThan(0);
    const partial = await call(server.api, 'POST', `/doBooking/suggestion?${q}`, {
      token: who.admin,
      body: { shipToId: shipTos[1], shipCondId: a.shipCondId, deliveryOrderIds: [do2] },
    });
    // Four units of ten left: 40 kg of the DO's 100.
    expect(partial.body.options[0].allocations[0].usedWeight).toBe(40);
    const rebooked = await book(a, who.admin!, shipTos[2]!, do3);
    const deliveries = await call(server.api, 'GET', `/bookingReport/${bookingsA[2]}/deliveries?${q}`, {
      token: who.dispatcher,
    });
    expect(deliveries.status).toBe(200);
    expect(deliveries.body[0].returns).toMatchObject([
      { deliveryOrderId: do3, qty: 1, reasonLabel: 'ไม่พบผู้รับ', rebookedBookingId: rebooked },
    ]);
    // Linked inside the confirm's own statement (issue 41): its history says so, after the booking's creation.
    const { rows: history } = await sql<{ action: string; changes: unknown }>`
      select action, changes from history where entity = 'bookingReport' and record_id = ${rebooked}
       order by id`.execute(server.db);
    expect(history.map((h) => h.action)).toEqual(['create', 'update']);
    expect(history[1]!.changes).toEqual({ rebookedFrom: [(await liveBookingDoc(bookingsA[2]!))!] });
    const back = await call(server.api, 'GET', `/deliveryOrder?returned=true&${q}`, { token: who.admin });
    expect(back.body.items.map((r: { id: string }) => r.id)).toEqual([do2]);
    // The planner's home counts what is still back (the partial one), linking to that list.
    const home = await call(server.api, 'GET', `/home/planner?${q}`, { token: who.admin });
    expect(home.status).toBe(200);
    expect(home.body.returned).toEqual({
      count: 1,
      countIsLowerBound: false,
      href: '/deliveryOrder?returned=true',
    });
    // The original booking stays, with its shipment and proof.
    const original = await call(server.api, 'GET', `/bookingReport/${bookingsA[1]}/deliveries?${q}`, {
      token: who.dispatcher,
    });
    expect(original.body[0]).toMatchObject({
      shipmentId: tripA,
      stop: { status: 'PARTIAL' },
      proof: { recipient: 'คุณบี' },
    });
  });

  it('the dispatcher’s board and the customer’s link show what happened; proof photos read through the file routes', async () => {
    // Trip A's day: its own shift's (`ownShift`), the day before the world's just after midnight.
    const dayA = await tripDay(tripA);
    const board = await call(server.api, 'GET', `/delivery/board?branchId=${a.branchId}&date=${dayA}`, {
      token: who.dispatcher,
    });
    expect(board.status).toBe(200);
    expect(board.body[0]).toMatchObject({
      id: tripA,
      status: 'DONE',
      done: 3,
      nextStopId: null,
      position: null,
    });
    const links = server.app.auth.contact.links;
    const customer = async (bookingId: string) =>
      (await call(server.api, 'GET', `/public/appointment/${links.token(bookingId)}/delivery`)).body;
    expect((await customer(bookingsA[0]!))[0]).toMatchObject({
      state: 'DELIVERED',
      recipient: 'คุณสมศรี',
      orders: [{ qty: 1, delivered: 1 }],
    });
    expect((await customer(bookingsA[1]!))[0]).toMatchObject({
      state: 'PARTIAL',
      next: 'สาขาจะติดต่อกลับเพื่อนัดส่งใหม่',
    });
    expect((await customer(bookingsA[2]!))[0]).toMatchObject({ state: 'FAILED', reasonLabel: 'ไม่พบผู้รับ' });
    // The new day is written in the company's era (docs/documents.md "Dates"): พ.ศ. unless set otherwise.
    expect((await customer(bookingsA[2]!))[0].next).toMatch(/^นัดส่งใหม่วันที่ \d\d\/\d\d\/25\d\d/);
    const era = (buddhistEra: boolean) =>
      call(server.api, 'PUT', '/settings/company', { token: who.admin, body: { buddhistEra } });
    expect((await era(false)).status).toBe(200);
    try {
      expect((await customer(bookingsA[2]!))[0].next).toMatch(/^นัดส่งใหม่วันที่ \d\d\/\d\d\/20\d\d/);
    } finally {
      await era(true);
    }
    expect(JSON.stringify(await customer(bookingsA[0]!))).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    const trip = await call(server.api, 'GET', `/delivery/trips/${tripA}?branchId=${a.branchId}`, {
      token: who.dispatcher,
    });
    const photo = trip.body.stops.find((s: { bookingId: string }) => s.bookingId === bookingsA[0]).proof
      .photoFileIds[0];
    expect(
      (await call(server.api, 'GET', `/file/thumb/${photo}?w=64&h=64`, { token: who.dispatcher })).status,
    ).toBe(200);
    // A driver's account reads no file through the office's routes.
    expect(
      (await call(server.api, 'GET', `/file/thumb/${photo}?w=64&h=64`, { token: who.driver })).status,
    ).toBe(404);
  });

  it('paper: the delivery note prints the proof per stop (recipient, time, signature, photos); the slip each stop’s actual times', async () => {
    const q = `branchId=${a.branchId}`;
    const pdf = async (path: string) => {
      const response = await fetch(`${server.api}${path}?${q}`, {
        headers: { authorization: `Bearer ${who.admin}` },
      });
      expect(response.status).toBe(200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const images =
        Buffer.from(bytes)
          .toString('latin1')
          .match(/\/Subtype \/Image/g)?.length ?? 0;
      return { text: (await pdfPages(bytes)).join('\n'), images };
    };
    const [do1, do2, do3] = a.deliveryOrderIds as [string, string, string];
    const deliveries = async (bookingId: string) =>
      (
        await call(server.api, 'GET', `/bookingReport/${bookingId}/deliveries?${q}`, {
          token: who.dispatcher,
        })
      ).body as BookingDelivery[];
    const [first] = await deliveries(bookingsA[0]!);
    const at = (iso: string | null) => formatDateTime(iso!, { buddhistEra: true });

    // Delivered: the proof after the items, its signature and its photo drawn.
    const delivered = await pdf(`/deliveryOrder/${do1}/document/deliveryNote.pdf`);
    expect(delivered.text).toContain('หลักฐานการส่ง');
    expect(delivered.text).toContain('คุณสมศรี');
    expect(delivered.text).toContain('วางหน้าร้าน');
    expect(delivered.text).toContain(at(first!.proof!.at));
    expect(delivered.text).toContain('ลายเซ็นผู้รับ');
    expect(delivered.text).toContain('รูปถ่ายที่ 1');
    expect(delivered.images).toBe(2);
    // Partly: what was given of what was booked, and the signature only.
    const partial = await pdf(`/deliveryOrder/${do2}/document/deliveryNote.pdf`);
    expect(partial.text).toContain('คุณบี');
    expect(partial.text).toMatch(/: 6 \/ 10/);
    expect(partial.images).toBe(1);
    // Failed (and booked again since): the reason and its photo; no recipient.
    const failed = await pdf(`/deliveryOrder/${do3}/document/deliveryNote.pdf`);
    expect(failed.text).toContain('ส่งไม่สำเร็จ');
    expect(failed.text).toContain('ไม่พบผู้รับ');
    expect(failed.images).toBe(1);

    // Whoever reads DOs but not bookings prints the note without the booking's proof.
    const doReader = await signIn(
      server.api,
      await createUser(server.db, { roles: [readRoleOf('DELIVERY_ORDER')], branchIds: [a.branchId] }),
    );
    const bare = await fetch(`${server.api}/deliveryOrder/${do1}/document/deliveryNote.pdf?${q}`, {
      headers: { authorization: `Bearer ${doReader}` },
    });
    expect(bare.status).toBe(200);
    const bareText = (await pdfPages(new Uint8Array(await bare.arrayBuffer()))).join('\n');
    expect(bareText).toContain('รายการสินค้า');
    expect(bareText).not.toContain('คุณสมศรี');

    // The booking's slip: the stop with its planned, arrived and left times.
    const slip = await pdf(`/bookingReport/${bookingsA[0]}/document/appointment.pdf`);
    expect(slip.text).toContain('การส่งถึงปลายทาง');
    for (const time of [first!.stop.plannedArrival, first!.stop.arrivedAt, first!.stop.leftAt])
      expect(slip.text).toContain(at(time));
    expect(slip.text).toContain('ส่งครบแล้ว');
    // A booking no trip carried yet prints no such section.
    const unplanned = await book(a, who.admin!, shipTos[1]!, do2, 4);
    expect((await pdf(`/bookingReport/${unplanned}/document/appointment.pdf`)).text).not.toContain(
      'การส่งถึงปลายทาง',
    );
  });

  it('live: a board stream hears positions and progress as small deltas; ETAs with a stop event, from positions at most every 30 s; positions are thinned, kept while running, purged after the retention', async () => {
    // Trip B runs again (it ended in the link test): started 10 minutes ago, in a shift of its own
    // around now, whatever the hour the test runs (the world's shift is 08:00–18:00: a stop event
    // at 00:10 would be refused as more than 6 hours before it).
    await ownShift(tripB, Date.now() - 60 * MIN, Date.now() + 180 * MIN);
    await sql`update delivery_trip set started_at = now() - interval '10 minutes', ended_at = null where shipment_id = ${tripB}`.execute(
      server.db,
    );
    const bearer = (await linkFor(who.admin!, b.branchId, tripB)).bearer;
    const controller = new AbortController();
    const stream = await fetch(`${server.api}/delivery/board/events?branchId=${b.branchId}`, {
      headers: { authorization: `Bearer ${who.admin}` },
      signal: controller.signal,
    });
    // A failed expectation still closes the stream (the server's close waits for it).
    onTestFinished(() => controller.abort());
    const reader = stream.body!.getReader();
    await reader.read(); // ": connected"
    let buffer = '';
    type Heard = { positions: BoardPosition[]; trips: TripProgress[] };
    /** The stream's events, in order, until each of `wanted` was heard with what it asks of its data. */
    const until = async (wanted: { [K in keyof Heard]?: (data: Heard[K]) => boolean }) => {
      const heard: { name: string; data: unknown }[] = [];
      const met = () =>
        Object.entries(wanted).every(([name, test]) =>
          heard.some((e) => e.name === name && (test as (data: unknown) => boolean)(e.data)),
        );
      while (!met()) {
        let end = buffer.indexOf('\n\n');
        while (end < 0) {
          buffer += new TextDecoder().decode((await reader.read()).value);
          end = buffer.indexOf('\n\n');
        }
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = block.match(/^event: (\w+)$/m)?.[1];
        const data = block.match(/^data: (.*)$/m)?.[1];
        if (event && data !== undefined) heard.push({ name: event, data: JSON.parse(data) });
      }
      return heard;
    };
    const now = Date.now();
    const post = (seconds: number[]) =>
      call(server.api, 'POST', `/driver/trips/${tripB}/positions`, {
        token: bearer,
        body: {
          positions: seconds.map((s) => ({
            lat: 13.71 + s / 1000,
            lon: 100.5,
            accuracy: 5,
            at: new Date(now - 60_000 + s * 1000).toISOString(),
          })),
        },
      });
    // A fix just before the departure is not kept, and does not hide one just after it.
    const { rows: run } = await sql<{ started_at: Date }>`select started_at from delivery_trip
      where shipment_id = ${tripB}`.execute(server.db);
    const start = run[0]!.started_at.getTime();
    const straddle = await call(server.api, 'POST', `/driver/trips/${tripB}/positions`, {
      token: bearer,
      body: {
        positions: [-5_000, 3_000].map((ms) => ({
          lat: 13.7,
          lon: 100.5,
          accuracy: 5,
          at: new Date(start + ms).toISOString(),
        })),
      },
    });
    expect(straddle.body).toEqual({ kept: 1, ignored: 1 });
    const posted = await post([0, 3, 8, 12]);
    expect(posted.body).toEqual({ kept: 2, ignored: 2 });
    const newest = new Date(now - 48_000).toISOString();
    const first = await until({ positions: (data) => data.some((p) => p.at === newest), trips: () => true });
    // Never a whole trip: positions, then (its first since the trip ran) the trip's ETAs; the fix at
    // the departure went out alone if a flush came between the two posts.
    expect(first.map((e) => e.name)).toEqual(
      first.length === 2 ? ['positions', 'trips'] : ['positions', 'trips', 'positions'],
    );
    const moved = first.at(-1)!.name === 'positions' ? first.at(-1)!.data : first[0]!.data;
    const progress = first.find((e) => e.name === 'trips')!.data as TripProgress[];
    expect(moved).toEqual([{ tripId: tripB, lat: 13.71 + 12 / 1000, lon: 100.5, accuracy: 5, at: newest }]);
    expect(progress).toHaveLength(1);
    expect(progress[0]).toMatchObject({ id: tripB, status: 'RUNNING', done: 0 });
    expect(progress[0]!.stops[0]!.eta).not.toBeNull();
    expect(Object.keys(progress[0]!.stops[0]!).sort()).toEqual(
      ['arrivedAt', 'eta', 'id', 'late', 'leftAt', 'status'].sort(),
    );
    // A fix within 10 s of one kept is dropped, even sent again later; a newer one moves the truck.
    expect((await post([5, 25])).body).toEqual({ kept: 1, ignored: 1 });
    // Its ETAs were sent under 30 s ago: only the position. A stop event sends the trip's progress with the next flush.
    const trip = await call(server.api, 'GET', `/driver/trips/${tripB}`, { token: bearer });
    const arrived = await call(server.api, 'POST', `/driver/trips/${tripB}/events`, {
      token: bearer,
      body: {
        events: [
          { id: randomUUID(), kind: 'arrived', stopId: trip.body.stops[0].id, at: new Date().toISOString() },
        ],
      },
    });
    expect(arrived.status, JSON.stringify(arrived.body)).toBe(200);
    // No warehouse stage was tapped on trip B: the implied ShipStart is refused by the stages' rule, in Thai.
    expect(arrived.body.stages).toEqual([
      {
        stage: 'ShipStart',
        recorded: false,
        message: expect.stringMatching(/[\u0E00-\u0E7F]/),
        confirmUnusual: false,
      },
    ]);
    // A check-in over an hour before its shift (B's own, starting in two hours) is asked about, not
    // recorded; the phone sends it again, confirmed, as a new event.
    await ownShift(tripB, Date.now() + 120 * MIN, Date.now() + 240 * MIN);
    const checkIn = (confirmUnusual?: boolean) =>
      call(server.api, 'POST', `/driver/trips/${tripB}/events`, {
        token: bearer,
        body: {
          events: [
            {
              id: randomUUID(),
              kind: 'stage',
              stage: 'CheckIn',
              at: new Date(Date.now() - MIN).toISOString(),
              ...(confirmUnusual ? { confirmUnusual } : {}),
            },
          ],
        },
      });
    const asked = await checkIn();
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    // (ShipStart, which the running trip implies, still waits for the stages before it.)
    const shipStart = {
      stage: 'ShipStart',
      recorded: false,
      message: expect.any(String),
      confirmUnusual: false,
    };
    expect(asked.body.stages).toEqual([
      { stage: 'CheckIn', recorded: false, message: expect.stringContaining('ยืนยัน'), confirmUnusual: true },
      shipStart,
    ]);
    expect((await checkIn(true)).body.stages).toEqual([
      { stage: 'CheckIn', recorded: true, message: null, confirmUnusual: false },
      shipStart,
    ]);
    const second = await until({ positions: () => true, trips: () => true });
    expect(second.map((e) => e.name).sort()).toEqual(['positions', 'trips']);
    const later = Object.fromEntries(second.map((e) => [e.name, e.data])) as Heard;
    expect(later.positions).toMatchObject([{ tripId: tripB, lat: 13.71 + 25 / 1000 }]);
    expect(later.trips).toMatchObject([{ id: tripB, stops: [{ status: 'ARRIVED' }] }]);
    controller.abort();

    await sql`update delivery_position set at = at - interval '31 days' where shipment_id = ${tripB}`.execute(
      server.db,
    );
    const purged = await purgeExpired(server.db, { messageDays: 180, accessLogDays: 730, positionDays: 30 });
    expect(purged.positions).toBe(4);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from delivery_position where shipment_id = ${tripB}`.execute(server.db);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('to the door: the customer chooses a new slot for what came back, from their link', () => {
  const links = () => server.app.auth.contact.links;
  const linkOf = (bookingId: string) => `/public/appointment/${links().token(bookingId)}`;
  /** A form post as the page's own (no redirect followed). */
  const form = (path: string, fields: Record<string, string>) =>
    fetch(`${server.origin}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams(fields).toString(),
    });
  const html = async (path: string) => {
    const answer = await fetch(`${server.origin}${path}`);
    return { status: answer.status, text: await answer.text() };
  };
  const liveBookingOf = async (doId: string) =>
    (
      await sql<{ id: string; doc_no: string }>`select b.id, b.doc_no from booking_report__lines l
        join booking_report b on b.id = l.parent_id and b.canceled_at is null
       where l.delivery_order_id = ${doId} order by b.confirmed_at desc limit 1`.execute(server.db)
    ).rows[0]!;

  it('offers the wizard’s own suggestion for the returned DO, refuses another booking’s choice or DO, a slot the rules refuse, a used or expired link; books a new booking linked to the original', async () => {
    const [, do2, do3] = a.deliveryOrderIds as [string, string, string];
    const q = `branchId=${a.branchId}`;
    // Tomorrow's slot of the world's shift: somewhere to go whatever the hour the test runs.
    await insertRecords(server.db, 'vehicleDateSlot', [
      {
        branchId: a.branchId,
        shiftDate: addDays(a.today, 1),
        shiftOfDayId: a.shiftOfDayId,
        vehicleTypeId: a.vehicleTypeId,
        shipCondId: a.shipCondId,
        total: 1,
        special: 0,
      },
    ]);
    // The paper test above booked B's four units again from the office: canceled, they are back.
    const byOffice = await liveBookingOf(do2);
    expect(byOffice.id).not.toBe(bookingsA[1]);
    const canceled = await call(server.api, 'POST', `/bookingReport/${byOffice.id}/cancel?${q}`, {
      token: who.admin,
      body: {},
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const partial = linkOf(bookingsA[1]!);
    const { rows: docs } = await sql<{
      doc_no: string;
    }>`select doc_no from delivery_order where id = ${do2}`.execute(server.db);

    // The JSON twin: B's four units left, and the options the wizard's suggestion gives, in its order.
    const offer = await call(server.api, 'GET', `${partial}/rebook`);
    expect(offer.status, JSON.stringify(offer.body)).toBe(200);
    expect(offer.body.orders).toEqual([{ docNo: docs[0]!.doc_no, qty: 4 }]);
    const wizard = await call(server.api, 'POST', `/doBooking/suggestion?${q}`, {
      token: who.admin,
      body: { shipToId: shipTos[1], shipCondId: a.shipCondId, deliveryOrderIds: [do2] },
    });
    expect(offer.body.options.length).toBeGreaterThan(0);
    type Offered = { choice: string; slots: { date: string }[] };
    expect(offer.body.options.map((o: Offered) => o.slots.map((s) => s.date))).toEqual(
      wizard.body.options.map((o: { allocations: { date: string }[] }) => [
        ...new Set(o.allocations.map((x) => x.date)),
      ]),
    );
    // One line a day the wizard's day strip refuses, with its closest rule: not one per truck type.
    type Day = { date: string; bookable: boolean; ruleLabel: string; message: string };
    const refused = (wizard.body.days as Day[]).filter((d) => !d.bookable);
    expect(refused.length).toBeGreaterThan(0);
    expect(offer.body.whyNot).toEqual(
      refused.map(({ date, ruleLabel, message }) => ({ date, ruleLabel, message })),
    );
    expect(new Set(offer.body.whyNot.map((w: { date: string }) => w.date)).size).toBe(
      offer.body.whyNot.length,
    );
    const [first] = offer.body.options as Offered[];
    const chosen = links().rebookAllocations(bookingsA[1]!, first!.choice)!;
    expect(chosen.flatMap((x) => x.lines)).toEqual([{ deliveryOrderId: do2, lineId: do2, qty: 4 }]);
    // Ids never show: the choice is opaque.
    expect(JSON.stringify(offer.body)).not.toContain(do2);

    // The page: the returned DO and one button per option, posting to the link's own rebook.
    const page = await html(partial);
    expect(page.status).toBe(200);
    expect(page.text).toContain(appointmentText.rebookTitle);
    expect(page.text).toContain(`action="${partial}/rebook"`);
    // What did not arrive says the choice is below.
    expect(page.text).toContain(htmlText(appointmentText.rebookBelow));
    expect(page.text.match(/name="choice"/g)).toHaveLength(offer.body.options.length);

    // Nothing came back from A (delivered whole); C's DO was booked again by the branch.
    const none = await call(server.api, 'GET', `${linkOf(bookingsA[0]!)}/rebook`);
    expect(none).toMatchObject({ status: 404, body: { messages: [appointmentMessages.nothingToRebook] } });
    const byBranch = await call(server.api, 'GET', `${linkOf(bookingsA[2]!)}/rebook`);
    expect(byBranch).toMatchObject({
      status: 409,
      body: { messages: [appointmentMessages.rebookedAlready] },
    });
    expect((await html(linkOf(bookingsA[0]!))).text).not.toContain(appointmentText.rebookTitle);
    // C's failure, booked again by the branch: nothing to choose; the page says when it comes.
    const failedC = (await html(linkOf(bookingsA[2]!))).text;
    expect(failedC).toContain(deliveryMessages.rebooked(''));
    expect(failedC).not.toContain(htmlText(appointmentText.rebookBelow));

    // Refused: another booking's choice (its MAC names that booking), a choice naming another
    // booking's DO, a choice altered, one past the bound.
    const refusedWith = async (choice: string) =>
      call(server.api, 'POST', `${partial}/rebook`, { body: { choice } });
    const notThis = { status: 409, body: { messages: [appointmentMessages.notThisBooking] } };
    expect(await refusedWith(links().rebookChoice(bookingsA[2]!, chosen))).toMatchObject(notThis);
    const otherDo = [{ ...chosen[0]!, lines: [{ deliveryOrderId: do3, lineId: do3, qty: 1 }] }];
    expect(await refusedWith(links().rebookChoice(bookingsA[1]!, otherDo))).toMatchObject(notThis);
    const altered = `${first!.choice.slice(0, 10)}${first!.choice[10] === 'A' ? 'B' : 'A'}${first!.choice.slice(11)}`;
    expect(await refusedWith(altered)).toMatchObject(notThis);
    expect(
      (await refusedWith(`${'A'.repeat(INPUT_BOUNDS.rebookChoiceLength)}.${'A'.repeat(22)}`)).status,
    ).toBe(400);
    expect((await form(`${partial}/rebook`, { choice: 'not-a-choice' })).status).toBe(400);
    expect(
      (await form(`${partial}/rebook`, { choice: 'x'.repeat(INPUT_BOUNDS.rebookChoiceLength + 100) })).status,
    ).toBe(413);

    // A slot the rules refuse by the time the customer chooses (its trucks taken off): the engine's
    // refusal, as the wizard's draft gives it for the same allocations, and nothing is booked.
    const slotId = chosen[0]!.slotId;
    const { rows: total } = await sql<{
      total: number;
    }>`select total from vehicle_date_slot where id = ${slotId}`.execute(server.db);
    await sql`update vehicle_date_slot set total = 0 where id = ${slotId}`.execute(server.db);
    try {
      const draft = await call(server.api, 'POST', `/doBooking/draft?${q}`, {
        token: who.admin,
        body: {
          shipToId: shipTos[1],
          shipCondId: a.shipCondId,
          deliveryOrderIds: [do2],
          allocations: chosen,
        },
      });
      const engine = draft.body.evaluation.allocations.find((x: { ok: boolean }) => !x.ok);
      expect(engine?.message, JSON.stringify(draft.body)).toBeTruthy();
      await call(server.api, 'DELETE', `/doBooking/draft?id=${draft.body.draft.id}&${q}`, {
        token: who.admin,
      });
      const refused = await refusedWith(first!.choice);
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body.messages.join(' ')).toContain(engine.message);
      // The page form says the same, with the options as they are now.
      const onPage = await form(`${partial}/rebook`, { choice: first!.choice });
      expect(onPage.status).toBe(409);
      expect(await onPage.text()).toContain(htmlText(engine.message));
    } finally {
      await sql`update vehicle_date_slot set total = ${total[0]!.total} where id = ${slotId}`.execute(
        server.db,
      );
    }
    expect((await liveBookingOf(do2)).id).toBe(bookingsA[1]);
    const { rows: leftDrafts } = await sql<{
      n: number;
    }>`select count(*)::int as n from booking_draft where user_id is null`.execute(server.db);
    expect(leftDrafts[0]!.n).toBe(0);

    // A day past its last delivery day the link still opens to rebook what came back (only that:
    // confirming is over); REBOOK_LINK_DAYS later it offers and books nothing.
    const shiftDays = async (days: number) =>
      sql`update booking_report__lines set delivery_date = delivery_date + ${days}::int where parent_id = ${bookingsA[1]!}`.execute(
        server.db,
      );
    await shiftDays(-2);
    try {
      expect((await call(server.api, 'GET', `${partial}/rebook`)).status).toBe(200);
      const past = await html(partial);
      expect(past.status).toBe(200);
      expect(past.text).toContain(appointmentText.rebookTitle);
      expect(past.text).not.toContain(`action="${partial}/confirm"`);
      expect((await call(server.api, 'POST', `${partial}/confirm`)).status).toBe(410);
      expect((await form(`${partial}/confirm`, {})).status).toBe(410);
    } finally {
      await shiftDays(2);
    }
    await shiftDays(-(REBOOK_LINK_DAYS + 2));
    try {
      expect((await call(server.api, 'GET', `${partial}/rebook`)).status).toBe(410);
      expect((await refusedWith(first!.choice)).status).toBe(410);
      expect((await html(partial)).status).toBe(410);
    } finally {
      await shiftDays(REBOOK_LINK_DAYS + 2);
    }

    // The customer chooses on the page: a new booking for the four units, on to its own link.
    const chose = await form(`${partial}/rebook`, { choice: first!.choice });
    expect(chose.status, await chose.clone().text()).toBe(303);
    const rebooked = await liveBookingOf(do2);
    expect(rebooked.id).not.toBe(bookingsA[1]);
    expect(chose.headers.get('location')).toBe(`${linkOf(rebooked.id)}?done=rebooked`);
    expect((await html(chose.headers.get('location')!)).text).toContain(appointmentText.rebooked);
    const { rows: lines } = await sql<{ qty: number; slot_id: string }>`
      select qty::float, slot_id from booking_report__lines where parent_id = ${rebooked.id}`.execute(
      server.db,
    );
    expect(lines).toEqual([{ qty: 4, slot_id: slotId }]);
    // Linked to the original, which stays with its shipment and proof; the planner's tile drops to none.
    const deliveries = await call(server.api, 'GET', `/bookingReport/${bookingsA[1]}/deliveries?${q}`, {
      token: who.dispatcher,
    });
    expect(deliveries.body[0]).toMatchObject({
      shipmentId: tripA,
      stop: { status: 'PARTIAL' },
      proof: { recipient: 'คุณบี' },
      returns: [{ deliveryOrderId: do2, qty: 4, rebookedBookingId: rebooked.id }],
    });
    const home = await call(server.api, 'GET', `/home/planner?${q}`, { token: who.admin });
    expect(home.body.returned.count).toBe(0);
    const { rows: history } = await sql<{ source: string | null; user_id: string | null; changes: unknown }>`
      select source, user_id, changes from history where entity = 'bookingReport' and record_id = ${rebooked.id}
       order by id`.execute(server.db);
    expect(history[0]).toMatchObject({ source: 'ลูกค้า (ลิงก์นัดส่งสินค้า)', user_id: null });
    expect(history.map((h) => h.changes)).toContainEqual({
      rebookedFrom: [(await liveBookingDoc(bookingsA[1]!))!],
    });
    // The original's link tells the new date; used once, it offers and books nothing more.
    expect((await call(server.api, 'GET', `${partial}/delivery`)).body[0].next).toMatch(/^นัดส่งใหม่วันที่ /);
    expect(await refusedWith(first!.choice)).toMatchObject({
      status: 409,
      body: { messages: [appointmentMessages.rebookedAlready] },
    });
    expect((await html(partial)).text).not.toContain(`${partial}/rebook`);
  });
});

describe('to the door: a trip follows its shipment', () => {
  /** Trip B's shipment with its day set on its page, as a dispatcher does. */
  const setShipmentDay = async (shiftDate: string | null) => {
    const path = `/shipment/${tripB}?branchId=${b.branchId}`;
    const record = await call(server.api, 'GET', path, { token: who.admin });
    const saved = await call(server.api, 'PUT', path, {
      token: who.admin,
      body: { ...record.body, shiftDate },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  };
  const board = async (date: string) =>
    (
      await call(server.api, 'GET', `/delivery/board?branchId=${b.branchId}&date=${date}`, {
        token: who.admin,
      })
    ).body.map((trip: { id: string }) => trip.id);

  it('a shipment’s day moved on its page moves its trip on the board, whatever its day was', async () => {
    const before = (await tripDay(tripB))!;
    const later = addDays(before, 1);
    await setShipmentDay(later);
    expect(await tripDay(tripB)).toBe(later);
    expect(await board(later)).toContain(tripB);
    expect(await board(before)).not.toContain(tripB);
    // Emptied on the page, the shipment leaves its trip on the day it had (a trip always has one).
    await setShipmentDay(null);
    expect(await tripDay(tripB)).toBe(later);
  });

  it('a trip of the day before still under way stays on today’s board, the dispatcher’s home and the driver’s phone: a night shift past midnight, a truck still out; never on tomorrow’s, never once ended', async () => {
    const today = bangkokIsoDate(new Date());
    const yesterday = addDays(today, -1);
    const tomorrow = addDays(today, 1);
    await setShipmentDay(yesterday);
    const shift = async (startTime: string, endTime: string) => {
      const [id] = await insertRecords(server.db, 'shiftOfDay', [
        {
          name: `กะ ${startTime}–${endTime} ${randomUUID().slice(0, 6)}`,
          startTime,
          endTime,
          totalMinute: 360,
          priority: 9,
          active: true,
        },
      ]);
      await sql`update shipment set shift_of_day_id = ${id} where id = ${tripB}`.execute(server.db);
    };
    const state = (started: boolean, ended: boolean) =>
      sql`update delivery_trip set started_at = ${started ? new Date(Date.now() - 3600_000) : null},
        ended_at = ${ended ? new Date() : null} where shipment_id = ${tripB}`.execute(server.db);
    const phone = async (date: string) =>
      (await call(server.api, 'GET', `/driver/trips?date=${date}`, { token: who.otherDriver })).body.map(
        (trip: { id: string; date: string }) => `${trip.id}@${trip.date}`,
      );
    /** The dispatcher's home: today's trips of branch B by status (trip B is its only one). */
    const home = async () => {
      const { trips } = (
        await call(server.api, 'GET', `/home/dispatcher?branchId=${b.branchId}`, { token: who.admin })
      ).body;
      return trips.PLANNED.count + trips.RUNNING.count + trips.DONE.count;
    };

    // A night shift (20:00–02:00) not yet started: on yesterday's board and today's, filed under its own day.
    await shift('20:00', '02:00');
    await state(false, false);
    expect(await board(yesterday)).toContain(tripB);
    expect(await board(today)).toContain(tripB);
    expect(await phone(today)).toEqual([`${tripB}@${yesterday}`]);
    expect(await board(tomorrow)).not.toContain(tripB);
    expect(await home()).toBe(1);
    // A day shift's trip of yesterday, never started: yesterday's business only.
    await shift('08:00', '17:00');
    expect(await board(today)).not.toContain(tripB);
    expect(await phone(today)).toEqual([]);
    expect(await home()).toBe(0);
    // Started and not ended: the truck is still out, on today's board.
    await state(true, false);
    expect(await board(today)).toContain(tripB);
    expect(await phone(today)).toEqual([`${tripB}@${yesterday}`]);
    // Ended: back on its own day only, whatever its shift.
    await state(true, true);
    expect(await board(today)).not.toContain(tripB);
    await shift('20:00', '02:00');
    expect(await board(today)).not.toContain(tripB);
    expect(await board(yesterday)).toContain(tripB);
    // Two days back is not carried: only the day before's trips run on into a day.
    await setShipmentDay(addDays(today, -2));
    await state(true, false);
    expect(await board(today)).not.toContain(tripB);
    expect(await board(yesterday)).toContain(tripB);
  });
});

/** The day a trip is filed under on the board and the driver's list. */
const tripDay = async (shipmentId: string) =>
  (
    await sql<{
      day: string;
    }>`select shift_date::text as day from delivery_trip where shipment_id = ${shipmentId}`.execute(server.db)
  ).rows[0]?.day;

const liveBookingDoc = async (bookingId: string) =>
  (
    await sql<{ doc_no: string }>`select doc_no from booking_report where id = ${bookingId}`.execute(
      server.db,
    )
  ).rows[0]?.doc_no;
