import { companySettingsMessages, DOCUMENT_BATCH_MAX, maskContact, readRoleOf } from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { bookingScenario } from './bookingScenario.ts';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';
import { pdfPages } from './pdfText.ts';

const server = setupTestServer();

/** Names with tone marks above vowels (ที่ ปั้น กุ้ง) and ำ: what Thai shaping can get wrong. */
const CUSTOMER = 'ร้านกุ้งทองน้ำใส';
const SHIP_TO = 'ที่ปั้นดินผู้ใหญ่';
const ADDRESS = '12 หมู่ 3 ถนนบางนา-ตราด';
const ARTICLE = 'ปูนซีเมนต์ตราช้าง';

let world: Awaited<ReturnType<typeof bookingScenario>>;
let bookingId = '';
let longBookingId = '';
let reader: { id: string; token: string };
let noRead = '';
let otherBranch = '';
let otherBranchId = '';

/** A booking as confirm writes it: its lines in one slot, and what that slot's vehicles cost. */
async function insertBooking(docNo: string, deliveryOrderIds: readonly string[]) {
  const { rows } = await sql<{ id: string }>`
    insert into booking_report (branch_id, status, doc_no, doc_date, doc_type, call_status, customer_id, ship_to_id, distance, confirmed_at)
    select ${world.branchId}, 'CONFIRMED', ${docNo}, '2026-03-15', 'DO', 'CALLED', o.customer_id, ${world.shipToId}, 72.5, now()
      from delivery_order o where o.id = ${deliveryOrderIds[0]!} returning id`.execute(server.db);
  const id = rows[0]!.id;
  let position = 0;
  for (const deliveryOrderId of deliveryOrderIds) {
    await sql`insert into booking_report__lines (parent_id, position, delivery_order_id, qty, delivery_date, delivery_time,
        used_minute, used_weight, used_volume, ship_cond_id, slot_id)
      values (${id}, ${position++}, ${deliveryOrderId}, 2, '2026-03-16', '09:30', 30, 1234.5, 1.25,
        ${world.shipCondId}, ${world.slotId})`.execute(server.db);
  }
  await sql`insert into booking_allocation (booking_id, slot_id, vehicles, fee)
    values (${id}, ${world.slotId}, 2, 4250.5)`.execute(server.db);
  return id;
}

async function pdf(path: string, token: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${server.api}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

const setUserEra = (userId: string, buddhistEra: boolean) =>
  sql`update app_user set buddhist_era = ${buddhistEra} where id = ${userId}`.execute(server.db);

const BRANCH_PHONE = '02-555-0101';
const SHIP_TO_PHONE = '02-123-4567';
/** The phone of SH-0001's driver: personal data of the driver record (docs/privacy.md). */
const DRIVER_PHONE = '089-765-4321';
let driverId = '';
/** The article's unit (`unitId`), which every document's unit column names (it has no ERP unit code). */
const UNIT = 'ถุง';
let caller: { id: string; token: string };
let adminToken = '';
let shipmentId = '';

beforeAll(async () => {
  world = await bookingScenario(server.db, { deliveryOrders: 64 });
  await sql`update customer set name = ${CUSTOMER}`.execute(server.db);
  await sql`update ship_to set name = ${SHIP_TO}, address = ${ADDRESS}, tel = ${SHIP_TO_PHONE} where id = ${world.shipToId}`.execute(
    server.db,
  );
  await sql`update branch set tel = ${BRANCH_PHONE} where id = ${world.branchId}`.execute(server.db);
  const [unitId] = await insertRecords(server.db, 'unit', [{ code: 'BAG', name: UNIT }]);
  await sql`update article set name = ${ARTICLE}, article_uom = null, unit_id = ${unitId!}`.execute(
    server.db,
  );
  bookingId = await insertBooking('BK-0001', world.deliveryOrderIds.slice(0, 2));
  longBookingId = await insertBooking('BK-0002', world.deliveryOrderIds.slice(2, 62));
  // A shipment carrying BK-0001 and BK-0002's first DO, outside any plan (stops by booking number).
  [driverId] = (await insertRecords(server.db, 'driver', [
    { code: 'D1', name: 'สมชาย', branchId: world.branchId, tel: DRIVER_PHONE },
  ])) as [string];
  const { rows: shipment } = await sql<{ id: string }>`insert into shipment (branch_id, doc_no, driver_id)
    values (${world.branchId}, 'SH-0001', ${driverId}) returning id`.execute(server.db);
  shipmentId = shipment[0]!.id;
  for (const id of [bookingId, longBookingId])
    await sql`insert into shipment__booking_report_ids (owner_id, ref_id) values (${shipmentId}, ${id})`.execute(
      server.db,
    );
  for (const id of world.deliveryOrderIds.slice(0, 3))
    await sql`insert into shipment__delivery_order_ids (owner_id, ref_id) values (${shipmentId}, ${id})`.execute(
      server.db,
    );
  const user = await createUser(server.db, {
    roles: ['ROLE_BOOKING_REPORT_READ', readRoleOf('DELIVERY_ORDER'), readRoleOf('SHIPMENT')],
    branchIds: [world.branchId],
  });
  reader = { id: user.id, token: await signIn(server.api, user) };
  // Who may change a booking's call status: the one who calls, who sees its phone (docs/privacy.md).
  const callerUser = await createUser(server.db, {
    roles: [
      'ROLE_BOOKING_REPORT_READ',
      'ROLE_BOOKING_CHANGE_CALL_STATUS',
      readRoleOf('DELIVERY_ORDER'),
      readRoleOf('SHIPMENT'),
    ],
    branchIds: [world.branchId],
  });
  caller = { id: callerUser.id, token: await signIn(server.api, callerUser) };
  adminToken = await signIn(server.api, await createUser(server.db, { roles: ['ROLE_ADMIN'] }));
  noRead = await signIn(
    server.api,
    await createUser(server.db, { roles: [readRoleOf('DELIVERY_ORDER')], branchIds: [world.branchId] }),
  );
  otherBranchId = await createBranch(server.db);
  otherBranch = await signIn(
    server.api,
    await createUser(server.db, {
      roles: ['ROLE_BOOKING_REPORT_READ', readRoleOf('DELIVERY_ORDER')],
      branchIds: [otherBranchId],
    }),
  );
  // Six password hashes and 64 DOs: slow when the machine is shared, never a measure of anything.
}, 180_000);

const q = () => `branchId=${world.branchId}`;

describe('documents as PDF', () => {
  it('prints the appointment slip: Thai names with their marks, numbers, and dates in the company’s era (พ.ศ. by default)', async () => {
    // A reader who switched their own screens to ค.ศ.: paper follows the company, not them.
    await setUserEra(reader.id, false);
    const buddhist = await pdf(`/bookingReport/${bookingId}/document/appointment.pdf?${q()}`, reader.token);
    expect(buddhist.response.status).toBe(200);
    expect(buddhist.response.headers.get('content-type')).toBe('application/pdf');
    const [page] = await pdfPages(buddhist.bytes);
    for (const text of [
      'ใบนัดส่งสินค้า',
      'BK-0001',
      CUSTOMER,
      SHIP_TO,
      ADDRESS,
      ARTICLE,
      'โทรนัดแล้ว',
      '1,234.50',
      '2,469.00',
      '15/03/2569',
      '16/03/2569',
      'ปี พ.ศ.',
      'หน้า 1/1',
      // The vehicles and fee confirm stored for the slot.
      'ประเภทและจำนวนรถ',
      'รถทดสอบ',
      '× 2 คัน',
      'ค่าขนส่ง',
      '4,250.50 บาท',
    ])
      expect(page).toContain(text);
    expect(page).not.toContain('15/03/2026');
    // "สินค้า" keeps its final า (see documents/fonts.ts).
    expect(page).toContain('สินค้า');

    // One company setting (an administrator's, refused to others naming the rule): ค.ศ. for every reader.
    const setting = (buddhistEra: boolean, token = adminToken) =>
      call(server.api, 'PUT', '/settings/company', { token, body: { buddhistEra } });
    const refused = await setting(false, reader.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ messages: [companySettingsMessages.adminOnly] });
    const saved = await setting(false);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ buddhistEra: false });
    expect((await call(server.api, 'GET', '/settings/company', { token: reader.token })).body).toEqual({
      buddhistEra: false,
    });
    // The reader's own switch (account preferences) is for their screens: the paper stays the company's.
    const switched = await call(server.api, 'PUT', '/account/preferences', {
      token: reader.token,
      body: { buddhistEra: true },
    });
    expect(switched.status).toBe(200);
    expect(switched.body.buddhistEra).toBe(true);
    expect(
      (await call(server.api, 'GET', '/account/userInfo', { token: reader.token })).body.buddhistEra,
    ).toBe(true);
    const [gregorian] = await pdfPages(
      (await pdf(`/bookingReport/${bookingId}/document/appointment.pdf?${q()}`, reader.token)).bytes,
    );
    expect(gregorian).toContain('15/03/2026');
    expect(gregorian).toContain('16/03/2026');
    expect(gregorian).toContain('ปี ค.ศ.');
    expect(gregorian).not.toContain('15/03/2569');
    expect((await setting(true)).body).toEqual({ buddhistEra: true });
  });

  it('numbers the pages of a long document "หน้า n/N" and repeats its header', async () => {
    const { bytes } = await pdf(
      `/bookingReport/${longBookingId}/document/appointment.pdf?${q()}`,
      reader.token,
    );
    const pages = await pdfPages(bytes);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, i) => {
      expect(page).toContain(`หน้า ${i + 1}/${pages.length}`);
      expect(page).toContain('BK-0002');
    });
    // 60 DOs, each in its row once.
    const doNumbers = pages.join('\n').match(/T\d+-\d{4}/g) ?? [];
    expect(new Set(doNumbers).size).toBe(60);
  });

  it('prints the delivery note (the trip sheet is a shipment’s: shipmentPlanning.test.ts)', async () => {
    const deliveryOrderId = world.deliveryOrderIds[0]!;
    const [note] = await pdfPages(
      (await pdf(`/deliveryOrder/${deliveryOrderId}/document/deliveryNote.pdf?${q()}`, reader.token)).bytes,
    );
    for (const text of ['ใบส่งสินค้า', 'ผู้ส่งสินค้า', 'ผู้รับสินค้า', CUSTOMER, ARTICLE, 'BK-0001', 'มิใช่ใบกำกับภาษี'])
      expect(note).toContain(text);
    expect(note).toContain('กก.');
  });

  it('prints a batch as one PDF, each document numbered on its own', async () => {
    const { response, bytes } = await pdf(`/documents/batch?${q()}`, reader.token, {
      method: 'POST',
      body: { kind: 'deliveryNote', ids: world.deliveryOrderIds.slice(0, 3) },
    });
    expect(response.status).toBe(200);
    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(3);
    // In the order asked, each its own "หน้า 1/1".
    pages.forEach((page, i) => {
      expect(page).toContain('หน้า 1/1');
      expect(page).toMatch(new RegExp(`T\\d+-000${i + 1}`));
    });
  });

  it('prints the day sheet of a branch, day and shift', async () => {
    const { response, bytes } = await pdf(
      `/documents/daySheet.pdf?${q()}&date=${world.today}&shiftOfDayId=${world.shiftOfDayId}`,
      reader.token,
    );
    expect(response.status).toBe(200);
    // BK-0002's 60 DOs make its row long: it may start on page 2.
    const page = (await pdfPages(bytes)).join('\n');
    for (const text of ['ใบงานประจำวัน', 'BK-0001', 'BK-0002', CUSTOMER, 'กะทดสอบ'])
      expect(page).toContain(text);
  });

  it('names the article’s unit in every unit column, the shift beside the delivery note’s day, and the branch’s phone on every document', async () => {
    const lines = (page: string) => page.split('\n');
    const [slip] = await pdfPages(
      (await pdf(`/bookingReport/${bookingId}/document/appointment.pdf?${q()}`, reader.token)).bytes,
    );
    const [note] = await pdfPages(
      (
        await pdf(
          `/deliveryOrder/${world.deliveryOrderIds[0]}/document/deliveryNote.pdf?${q()}`,
          reader.token,
        )
      ).bytes,
    );
    const trip = (
      await pdfPages((await pdf(`/shipment/${shipmentId}/document/tripSheet.pdf?${q()}`, reader.token)).bytes)
    ).join('\n');
    const day = (
      await pdfPages(
        (
          await pdf(
            `/documents/daySheet.pdf?${q()}&date=${world.today}&shiftOfDayId=${world.shiftOfDayId}`,
            reader.token,
          )
        ).bytes,
      )
    ).join('\n');
    // The unit column: the article's unit, not "-".
    expect(lines(slip!).filter((cell) => cell === UNIT)).toHaveLength(2);
    expect(lines(note!)).toContain(UNIT);
    expect(trip).toMatch(new RegExp(`× 2.00 ${UNIT}`));
    // The delivery note: the booked day and time, and beside them the shift with its hours.
    expect(
      lines(note!)
        .filter((cell) => cell.trim())
        .join('\n'),
    ).toMatch(/วันเวลานัดส่ง\n16\/03\/2569 09:30\nกะ\nกะทดสอบ \d+ 08:00–18:00\n/);
    // The branch's phone, under its address, on each kind.
    for (const [kind, page] of Object.entries({ slip, note, trip, day }))
      expect(page, kind).toContain(`โทร ${BRANCH_PHONE}`);
  });

  describe('the ship-to’s phone on paper (docs/privacy.md): the call-status rule, logged', () => {
    const logOf = async (userId: string) => {
      const { rows } = await sql<{ entity: string; record_id: string; fields: string[]; detail: unknown }>`
        select entity, record_id, fields, detail from personal_data_access where user_id = ${userId} order by id`.execute(
        server.db,
      );
      return rows;
    };
    const masked = maskContact(SHIP_TO_PHONE);
    const kinds = () => ({
      appointment: `/bookingReport/${bookingId}/document/appointment.pdf?${q()}`,
      deliveryNote: `/deliveryOrder/${world.deliveryOrderIds[0]}/document/deliveryNote.pdf?${q()}`,
      tripSheet: `/shipment/${shipmentId}/document/tripSheet.pdf?${q()}`,
    });

    it('is masked on every document for a reader who may not change the call status, and nothing is logged', async () => {
      const before = await logOf(reader.id);
      for (const [kind, path] of Object.entries(kinds())) {
        const text = (await pdfPages((await pdf(path, reader.token)).bytes)).join('\n');
        expect(text, kind).toContain(masked);
        expect(text, kind).not.toContain(SHIP_TO_PHONE);
        expect(text, kind).not.toContain(DRIVER_PHONE);
      }
      expect(await logOf(reader.id)).toEqual(before);
    });

    it('is whole for whoever may change the call status, and each document’s read is logged per booking', async () => {
      for (const [kind, path] of Object.entries(kinds())) {
        const text = (await pdfPages((await pdf(path, caller.token)).bytes)).join('\n');
        expect(text, kind).toContain(SHIP_TO_PHONE);
      }
      const read = (document: string, id = bookingId) => ({
        entity: 'bookingReport',
        record_id: id,
        fields: ['shipToTel'],
        detail: { document },
      });
      expect(await logOf(caller.id)).toEqual([
        read('appointment'),
        read('deliveryNote'),
        // The trip's two stops, one line each.
        read('tripSheet'),
        read('tripSheet', longBookingId),
      ]);
      // A batch logs each booking it printed once: three notes of two bookings.
      const { response, bytes } = await pdf(`/documents/batch?${q()}`, caller.token, {
        method: 'POST',
        body: { kind: 'deliveryNote', ids: world.deliveryOrderIds.slice(1, 4) },
      });
      expect(response.status).toBe(200);
      expect((await pdfPages(bytes)).every((page) => page.includes(SHIP_TO_PHONE))).toBe(true);
      expect((await logOf(caller.id)).slice(4)).toEqual([
        read('deliveryNote'),
        read('deliveryNote', longBookingId),
      ]);
    });

    it('on a DO no booking holds, is its ship-to’s, under the ship-to’s rule (its editors)', async () => {
      const free = world.deliveryOrderIds[63]!;
      const path = `/deliveryOrder/${free}/document/deliveryNote.pdf?${q()}`;
      const [byCaller] = await pdfPages((await pdf(path, caller.token)).bytes);
      expect(byCaller).toContain(masked);
      const editor = await createUser(server.db, {
        roles: [readRoleOf('DELIVERY_ORDER'), 'ROLE_SHIP_TO_EDIT'],
        branchIds: [world.branchId],
      });
      const [byEditor] = await pdfPages((await pdf(path, await signIn(server.api, editor))).bytes);
      expect(byEditor).toContain(SHIP_TO_PHONE);
      expect(await logOf(editor.id)).toEqual([
        {
          entity: 'shipTo',
          record_id: world.shipToId,
          fields: ['tel'],
          detail: { document: 'deliveryNote' },
        },
      ]);
    });

    it('the driver’s phone on the trip sheet is under the driver’s rule (its editors), logged, and the stops’ under their bookings’', async () => {
      const path = `/shipment/${shipmentId}/document/tripSheet.pdf?${q()}`;
      // The caller sees the stops' phones, not the driver's: it may not edit drivers.
      const byCaller = (await pdfPages((await pdf(path, caller.token)).bytes)).join('\n');
      expect(byCaller).toContain(SHIP_TO_PHONE);
      expect(byCaller).toContain(`สมชาย โทร ${maskContact(DRIVER_PHONE)}`);
      expect(byCaller).not.toContain(DRIVER_PHONE);
      const editor = await createUser(server.db, {
        roles: [readRoleOf('SHIPMENT'), 'ROLE_DRIVER_EDIT'],
        branchIds: [world.branchId],
      });
      const byEditor = (await pdfPages((await pdf(path, await signIn(server.api, editor))).bytes)).join('\n');
      expect(byEditor).toContain(`สมชาย โทร ${DRIVER_PHONE}`);
      expect(byEditor).toContain(masked);
      expect(byEditor).not.toContain(SHIP_TO_PHONE);
      expect(await logOf(editor.id)).toEqual([
        { entity: 'driver', record_id: driverId, fields: ['tel'], detail: { document: 'tripSheet' } },
      ]);
    });
  });

  it('answers 403 or 404 with Thai messages, never a PDF, to whoever may not read the record', async () => {
    const noRole = await pdf(`/bookingReport/${bookingId}/document/appointment.pdf?${q()}`, noRead);
    expect(noRole.response.status).toBe(403);
    expect(noRole.response.headers.get('content-type')).toContain('application/json');

    // Another branch's user, naming our branch: refused; naming theirs: our booking is not there.
    expect(
      (await pdf(`/bookingReport/${bookingId}/document/appointment.pdf?${q()}`, otherBranch)).response.status,
    ).toBe(403);
    const hidden = await pdf(
      `/bookingReport/${bookingId}/document/appointment.pdf?branchId=${otherBranchId}`,
      otherBranch,
    );
    expect(hidden.response.status).toBe(404);
    expect(JSON.parse(new TextDecoder().decode(hidden.bytes)).messages[0]).toMatch(/ไม่พบ/);

    const batchNoRole = await pdf(`/documents/batch?${q()}`, noRead, {
      method: 'POST',
      body: { kind: 'appointment', ids: [bookingId] },
    });
    expect(batchNoRole.response.status).toBe(403);
    const batchForeign = await pdf(`/documents/batch?branchId=${otherBranchId}`, otherBranch, {
      method: 'POST',
      body: { kind: 'appointment', ids: [bookingId] },
    });
    expect(batchForeign.response.status).toBe(404);
  });

  it('refuses a preference that is not a yes/no with 400', async () => {
    const bad = await call(server.api, 'PUT', '/account/preferences', {
      token: reader.token,
      body: { buddhistEra: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.messages.length).toBeGreaterThan(0);
  });

  it('refuses a batch over the limit or of an unknown kind with 400', async () => {
    const ids = Array.from({ length: DOCUMENT_BATCH_MAX + 1 }, () => bookingId);
    const tooMany = await pdf(`/documents/batch?${q()}`, reader.token, {
      method: 'POST',
      body: { kind: 'appointment', ids },
    });
    expect(tooMany.response.status).toBe(400);
    const unknown = await pdf(`/documents/batch?${q()}`, reader.token, {
      method: 'POST',
      body: { kind: 'invoice', ids: [bookingId] },
    });
    expect(unknown.response.status).toBe(400);
  });
});
