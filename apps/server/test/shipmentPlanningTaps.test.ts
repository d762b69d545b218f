import { randomUUID } from 'node:crypto';
import { addDays, editRoleOf, formatDate } from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { bookingScenario } from './bookingScenario.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/**
 * A driver's stage tap judged against the shipment's planned day and shift (docs/planning.md "Stage
 * times", issue "The day as one flow" item 2): a shipment planned for one day took all six taps the
 * evening before, without a word, and that mis-tap froze its shift. What cannot be right is refused,
 * what is merely unusual is asked about, on the server, by the time tapped (an offline tap sent
 * later carries its own).
 */

const server = setupTestServer();

let day: string;
let shiftName: string;
let branchId: string;
let token: string;

/** A shipment planned for `day`'s 08:00–18:00 shift: check-in 07:45, loading from 08:00, out at 08:30. */
async function plannedShipment() {
  const [id] = await insertRecords(server.db, 'shipment', [
    {
      docNo: `SH-TAP-${randomUUID().slice(0, 8)}`,
      branchId,
      carPlateSnap: 'กข-1234',
      shiftDate: day,
      shiftOfDayId,
      planDateCheckIn: day,
      planTimeCheckIn: '07:45',
      planDateLoadStart: day,
      planTimeLoadStart: '08:00',
      planDateLoadEnd: day,
      planTimeLoadEnd: '08:30',
      planDateShipCom: day,
      planTimeShipCom: '08:30',
      planDateShipStart: day,
      planTimeShipStart: '08:30',
      planDateShipEnd: day,
      planTimeShipEnd: '11:00',
    },
  ]);
  return id!;
}

let shiftOfDayId: string;

const tap = (shipmentId: string, stage: string, at: string, extra: object = {}, id = randomUUID()) =>
  call(server.api, 'POST', `/shipment/${shipmentId}/stage?branchId=${branchId}`, {
    token,
    body: { id, stage, at, ...extra },
  });

/** A Bangkok time on a day: `at(day, '08:30')`. */
const at = (date: string, time: string) => `${date}T${time}:00+07:00`;

async function actual(shipmentId: string) {
  const { rows } = await sql<{ check_in: string | null; ship_end: string | null; taps: number }>`
    select (act_date_check_in + act_time_check_in)::text as check_in, (act_date_ship_end + act_time_ship_end)::text as ship_end,
           (select count(*)::int from shipment_stage_tap where shipment_id = s.id) as taps
      from shipment s where id = ${shipmentId}`.execute(server.db);
  return rows[0]!;
}

beforeAll(async () => {
  const world = await bookingScenario(server.db, { deliveryOrders: 1 });
  // Three days ago: every time the tests tap, up to the day after, is in the past at any hour.
  day = addDays(world.today, -3);
  branchId = world.branchId;
  shiftOfDayId = world.shiftOfDayId;
  const { rows } = await sql<{ name: string }>`
    select name from shift_of_day where id = ${world.shiftOfDayId}`.execute(server.db);
  shiftName = rows[0]!.name;
  token = await signIn(
    server.api,
    await createUser(server.db, { roles: [editRoleOf('SHIPMENT')], branchIds: [branchId] }),
  );
});

describe('a stage tap judged against its shipment’s planned day and shift', () => {
  it('refuses a tap the evening before the planned day, naming the plan and the time tapped; nothing is recorded', async () => {
    const shipmentId = await plannedShipment();
    const evening = addDays(day, -1);
    const refused = await tap(shipmentId, 'CheckIn', at(evening, '20:20'));
    expect(refused.status).toBe(422);
    expect(refused.body.messages).toEqual([
      `เวลาจริงของ "เช็คอิน" ที่บันทึก (${formatDate(evening)} 20:20) เร็วกว่าเวลาเริ่มของ${shiftName} ${formatDate(day)} เวลา 08:00–18:00 ที่วางแผนไว้ เกิน 6 ชม. จึงบันทึกไม่ได้ กรุณาตรวจสอบวันที่และเวลาในเครื่อง`,
    ]);
    // Confirming does not make it right.
    const confirmed = await tap(shipmentId, 'CheckIn', at(evening, '20:20'), { confirmUnusual: true });
    expect(confirmed.status).toBe(422);
    expect(await actual(shipmentId)).toEqual({ check_in: null, ship_end: null, taps: 0 });
  });

  it('asks before an unusual time (over an hour before the plan), records it once confirmed; a normal tap passes at once', async () => {
    const shipmentId = await plannedShipment();
    const id = randomUUID();
    const asked = await tap(shipmentId, 'CheckIn', at(day, '06:30'), {}, id);
    expect(asked.status).toBe(409);
    expect(asked.body).toEqual({
      messages: [
        `เวลาจริงของ "เช็คอิน" ที่บันทึก (${formatDate(day)} 06:30) เร็วกว่าเวลาตามแผน (${formatDate(day)} 07:45) ของ${shiftName} ${formatDate(day)} เวลา 08:00–18:00 ที่วางแผนไว้ เกิน 1 ชม. ยืนยันว่าจะบันทึกเวลานี้หรือไม่`,
      ],
      confirmUnusual: true,
    });
    expect((await actual(shipmentId)).taps).toBe(0);
    // The driver confirms: the same tap, sent again with the flag.
    const recorded = await tap(shipmentId, 'CheckIn', at(day, '06:30'), { confirmUnusual: true }, id);
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    expect(recorded.body).toMatchObject({
      stage: 'CheckIn',
      at: { date: day, time: '06:30' },
      duplicate: false,
    });
    // Sent once more (the phone retried): recorded once, not asked again.
    const again = await tap(shipmentId, 'CheckIn', at(day, '06:30'), {}, id);
    expect(again.body).toMatchObject({ duplicate: true });
    // A normal tap, sent days later from the offline queue: judged by the time tapped, recorded at once.
    const normal = await tap(shipmentId, 'LoadStart', at(day, '08:05'));
    expect(normal.status, JSON.stringify(normal.body)).toBe(200);
    expect(normal.body.at).toEqual({ date: day, time: '08:05' });
  });

  it('refuses a tap a day after the shift ended, and asks about one hours after it', async () => {
    const shipmentId = await plannedShipment();
    for (const [stage, time] of [
      ['CheckIn', '07:50'],
      ['LoadStart', '08:00'],
      ['LoadEnd', '08:30'],
      ['ShipCom', '08:35'],
      ['ShipStart', '08:40'],
    ] as const)
      expect((await tap(shipmentId, stage, at(day, time))).status).toBe(200);
    const next = addDays(day, 1);
    const tooLate = await tap(shipmentId, 'ShipEnd', at(next, '18:30'), { confirmUnusual: true });
    expect(tooLate.status).toBe(422);
    expect(tooLate.body.messages[0]).toMatch(/ช้ากว่าเวลาสิ้นสุดของ.* เกิน 24 ชม\. จึงบันทึกไม่ได้/);
    const late = await tap(shipmentId, 'ShipEnd', at(next, '03:00'));
    expect(late.status).toBe(409);
    expect(late.body.messages[0]).toBe(
      `เวลาจริงของ "ส่งสินค้าเสร็จ" ที่บันทึก (${formatDate(next)} 03:00) ช้ากว่าเวลาสิ้นสุดของ${shiftName} ${formatDate(day)} เวลา 08:00–18:00 ที่วางแผนไว้ เกิน 2 ชม. ยืนยันว่าจะบันทึกเวลานี้หรือไม่`,
    );
    const confirmed = await tap(shipmentId, 'ShipEnd', at(next, '03:00'), { confirmUnusual: true });
    expect(confirmed.status).toBe(200);
    expect((await actual(shipmentId)).ship_end).toBe(`${next} 03:00:00`);
  });
});
