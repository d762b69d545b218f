import {
  BRANCHES_STOPS_PAGE_SIZE,
  type BranchesAnswer,
  type BranchesBookings,
  type BranchesStops,
  type BranchesTrips,
  figureChange,
  PERFORMANCE_MAX_BRANCHES,
  type PerformanceAnswer,
  ROLE_ADMIN,
  ROLE_BOOKING_REPORT_READ,
} from '@lms/domain';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { branchesRefusal, tooManyBranches } from '../src/performance/branches.ts';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';
import { seedPerformanceHistory } from './performanceHistory.ts';

/**
 * Across branches (docs/performance-figures.md "ทุกสาขาที่ดูได้") on real PostgreSQL and HTTP:
 * two branches' generated September and October. Each branch's row must be exactly what its own
 * screen (`GET /performance`) answers; the company's counts the sum of the branches' counts and its
 * percents the summed counts divided once (never the mean of the branches' percents); a user of
 * one branch is refused the other with the rule's Thai 403.
 */

/** Rows a records workbook may hold here: under both branches' October bookings (620), over one branch's. */
const EXCEL_MAX_ROWS = 500;
const server = setupTestServer({ app: () => ({ performanceRecordsExcelMaxRows: EXCEL_MAX_ROWS }) });
let branches: string[] = [];
const tokens = {} as Record<'both' | 'one' | 'admin' | 'stops' | 'stopsOne', string>;
const october = 'from=2026-10-01&to=2026-10-31';

beforeAll(async () => {
  const seeded = await seedPerformanceHistory(server.db, { tripsPerDay: 2, stopsPerTrip: 5 });
  branches = seeded.branches;
  // Shifts for the hours: the 6-wheel type opened every October morning in both branches, the
  // 4-wheel its first ten mornings in the first branch only (a type with hours in one branch).
  const [morning] = await insertRecords(server.db, 'shiftOfDay', [
    { name: 'กะเช้า ทดสอบรวมสาขา', startTime: '08:00', endTime: '16:00', totalMinute: 480, active: true },
  ]);
  const shipCond = await sql<{ id: string }>`select id from ship_cond where code = 'SCR'`.execute(server.db);
  const slot = (branchId: string, vehicleTypeId: string, day: number) => ({
    branchId,
    shiftDate: `2026-10-${String(day).padStart(2, '0')}`,
    shiftOfDayId: morning,
    vehicleTypeId,
    shipCondId: shipCond.rows[0]!.id,
    total: 1,
    special: 0,
  });
  const october = Array.from({ length: 31 }, (_, i) => i + 1);
  await insertRecords(server.db, 'vehicleDateSlot', [
    ...branches.flatMap((branchId) => october.map((day) => slot(branchId, seeded.big, day))),
    ...october.slice(0, 10).map((day) => slot(branches[0]!, seeded.small, day)),
  ]);
  const both = await createUser(server.db, { roles: [ROLE_BOOKING_REPORT_READ], branchIds: branches });
  const one = await createUser(server.db, { roles: [ROLE_BOOKING_REPORT_READ], branchIds: [branches[0]!] });
  const admin = await createUser(server.db, { roles: [ROLE_ADMIN] });
  tokens.both = await signIn(server.api, both);
  tokens.one = await signIn(server.api, one);
  tokens.admin = await signIn(server.api, admin);
  // Readers of the figures and of the stops behind them (the stop list's own rule), of both branches and of one.
  const readers = [ROLE_BOOKING_REPORT_READ, 'ROLE_SHIPMENT_READ'];
  tokens.stops = await signIn(
    server.api,
    await createUser(server.db, { roles: readers, branchIds: branches }),
  );
  tokens.stopsOne = await signIn(
    server.api,
    await createUser(server.db, { roles: readers, branchIds: [branches[0]!] }),
  );
}, 180_000);

const get = (path: string, token = tokens.both) => call(server.api, 'GET', path, { token });
const asked = (ids: readonly string[]) => ids.map((id) => `branchIds=${id}`).join('&');

describe('GET /performance/branches', () => {
  it('gives each branch exactly its own screen and the company the sum of their tallies', async () => {
    const response = await get(`/performance/branches?${asked(branches)}&${october}`);
    expect(response.status).toBe(200);
    const answer = response.body as BranchesAnswer;
    expect(answer.branches.map((b) => b.branchId).sort()).toEqual([...branches].sort());
    const own: PerformanceAnswer[] = [];
    for (const row of answer.branches) {
      const single = await get(`/performance?branchId=${row.branchId}&${october}`);
      expect(single.status).toBe(200);
      expect(row.current).toEqual(single.body.current);
      expect(row.previous).toEqual(single.body.previous);
      own.push(single.body);
    }
    const [a, b] = own as [PerformanceAnswer, PerformanceAnswer];
    const otif = answer.company.current.stops.otif;
    expect(otif.count).toBe(a.current.stops.otif.count + b.current.stops.otif.count);
    expect(otif.of).toBe(a.current.stops.otif.of + b.current.stops.otif.of);
    expect(otif.of).toBeGreaterThan(0);
    expect(otif.percent).toBe(Math.round((otif.count / otif.of) * 1000) / 10);
    const first = answer.company.current.firstAttempt;
    expect(first.of).toBe(a.current.firstAttempt.of + b.current.firstAttempt.of);
    const km = answer.company.current.kmPerDrop;
    expect(km.of).toBe(a.current.kmPerDrop.of + b.current.kmPerDrop.of);
    expect(answer.company.previous.stops.onTime.of).toBe(
      a.previous.stops.onTime.of + b.previous.stops.onTime.of,
    );
    // Failures per reason add up across the branches.
    const failed = (f: PerformanceAnswer['current']) => f.failures.reduce((n, bar) => n + bar.stops, 0);
    expect(failed(answer.company.current)).toBe(failed(a.current) + failed(b.current));
    // Truck use: the company's vehicle types carry every branch's trips; a branch's total its types' sums.
    const trips = (x: PerformanceAnswer) => x.truckUse.byVehicleType.reduce((n, r) => n + r.trips, 0);
    expect(answer.company.truckUse.byVehicleType.reduce((n, r) => n + r.trips, 0)).toBe(trips(a) + trips(b));
    expect(answer.company.truckUse.byTruck).toEqual([]);
    for (const [i, row] of answer.branches.entries()) {
      const types = own[i]!.truckUse.byVehicleType;
      expect(row.truckUse.trips).toBe(trips(own[i]!));
      const weight = types.reduce((n, r) => n + r.weight, 0);
      const capacity = types.reduce((n, r) => n + r.capacityWeight, 0);
      expect(row.truckUse.weightPercent).toBeCloseTo((weight / capacity) * 100, 1);
    }
  });

  it('adds each branch’s own empty/full days and hours per vehicle type into the company’s, no other branch', async () => {
    const own = async (branchId: string) =>
      (await get(`/performance?branchId=${branchId}&${october}`)).body as PerformanceAnswer;
    const company = async (ids: readonly string[]) =>
      ((await get(`/performance/branches?${asked(ids)}&${october}`)).body as BranchesAnswer).company;
    const mine = await Promise.all(branches.map(own));
    const both = await company(branches);
    expect(both.truckDays.until).toBe('2026-10-31');
    expect(both.truckHours.until).toBe('2026-10-31');
    expect(both.truckDays.byTruck).toEqual([]);
    expect(both.truckHours.byTruck).toEqual([]);
    const types = [...new Set(mine.flatMap((a) => a.truckDays.byVehicleType.map((row) => row.id)))];
    expect(types).toHaveLength(2);
    expect(both.truckDays.byVehicleType.map((row) => row.id).sort()).toEqual([...types].sort());
    const sum = (value: (a: PerformanceAnswer) => number | undefined) =>
      mine.reduce((n, a) => n + (value(a) ?? 0), 0);
    for (const type of types) {
      const days = both.truckDays.byVehicleType.find((row) => row.id === type)!;
      const byDays = (key: 'trucks' | 'truckDays' | 'emptyDays' | 'fullDays') =>
        sum((a) => a.truckDays.byVehicleType.find((row) => row.id === type)?.[key]);
      expect(days).toMatchObject({
        trucks: byDays('trucks'),
        truckDays: byDays('truckDays'),
        emptyDays: byDays('emptyDays'),
        fullDays: byDays('fullDays'),
      });
      expect(days.truckDays).toBe(31 * days.trucks);
      const hours = both.truckHours.byVehicleType.find((row) => row.id === type)!;
      const byHours = (key: 'trips' | 'hours' | 'availableHours') =>
        sum((a) => a.truckHours.byVehicleType.find((row) => row.id === type)?.[key]);
      expect(hours.trips).toBe(byHours('trips'));
      expect(hours.hours).toBeCloseTo(byHours('hours'), 2);
      expect(hours.availableHours).toBeCloseTo(byHours('availableHours'), 2);
      expect(hours.availableHours).toBeGreaterThan(0);
      // Judged once on the sums: used over available, never a mean of the branches' percents.
      expect(hours.percent).toBeCloseTo((hours.hours / hours.availableHours) * 100, 1);
    }
    // 6-wheel: one truck per branch, 31 mornings of 8 h each; 4-wheel: two trucks of the first branch, 10 mornings.
    const six = both.truckHours.byVehicleType.find((row) => row.label.startsWith('R6'))!;
    expect(six.availableHours).toBe(2 * 31 * 8);
    const four = both.truckHours.byVehicleType.find((row) => row.label.startsWith('R4'))!;
    expect(four.availableHours).toBe(2 * 10 * 8);
    // A branch not asked adds nothing: the first alone is exactly its own screen's type rows.
    const first = await company([branches[0]!]);
    expect(first.truckDays.byVehicleType).toEqual(mine[0]!.truckDays.byVehicleType);
    expect(first.truckHours.byVehicleType).toEqual(mine[0]!.truckHours.byVehicleType);
  });

  it('answers every branch the user may see when none is named, and an administrator every branch', async () => {
    const mine = await get(`/performance/branches?${october}`, tokens.one);
    expect(mine.status).toBe(200);
    expect((mine.body as BranchesAnswer).branches.map((b) => b.branchId)).toEqual([branches[0]]);
    const all = await get(`/performance/branches?${october}`, tokens.admin);
    expect(all.status).toBe(200);
    const seen = (all.body as BranchesAnswer).branches.map((b) => b.branchId);
    expect(seen).toEqual(expect.arrayContaining(branches));
  });

  it('refuses a user scoped to one branch the other, naming the rule, before any work', async () => {
    const response = await get(`/performance/branches?${asked(branches)}&${october}`, tokens.one);
    expect(response.status).toBe(403);
    expect(JSON.stringify(response.body)).toContain(branchesRefusal(1));
    const own = await get(`/performance/branches?${asked([branches[0]!])}&${october}`, tokens.one);
    expect(own.status).toBe(200);
  });

  it('refuses no sign-in, a bad period and too many branches', async () => {
    expect((await call(server.api, 'GET', `/performance/branches?${october}`)).status).toBe(401);
    const long = await get(`/performance/branches?from=2026-01-01&to=2026-10-31`);
    expect(long.status).toBe(422);
    const many = Array.from({ length: 101 }, () => branches[0]!);
    expect((await get(`/performance/branches?${asked(many)}&${october}`)).status).toBe(400);
  });

  it('exports the company tables and the branches side by side in one workbook', async () => {
    const response = await fetch(
      `${server.api}/performance/branches/figures.xlsx?${asked(branches)}&${october}`,
      {
        headers: { authorization: `Bearer ${tokens.both}` },
      },
    );
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const names = workbook.worksheets.map((sheet) => sheet.name);
    expect(names).toEqual([
      'ตัวชี้วัดหลัก',
      'ส่งไม่สำเร็จตามสาเหตุ',
      'การใช้รถตามประเภทรถ',
      'วันรถว่างและเต็ม ตามประเภทรถ',
      'ชั่วโมงที่ใช้ ตามประเภทรถ',
      'เทียบสาขา',
    ]);
    // The company's days and hours per vehicle type, row by row as the answer has them (from row 6).
    const company = (
      (await get(`/performance/branches?${asked(branches)}&${october}`)).body as BranchesAnswer
    ).company;
    const cells = (name: string, row: number) =>
      (workbook.getWorksheet(name)!.getRow(row).values as unknown[]).slice(1);
    for (const [i, type] of company.truckDays.byVehicleType.entries())
      expect(cells('วันรถว่างและเต็ม ตามประเภทรถ', 6 + i)).toEqual([
        type.label,
        type.trucks,
        type.truckDays,
        type.emptyDays,
        type.fullDays,
      ]);
    for (const [i, type] of company.truckHours.byVehicleType.entries())
      expect(cells('ชั่วโมงที่ใช้ ตามประเภทรถ', 6 + i)).toEqual([
        type.label,
        type.trips,
        type.hours,
        type.availableHours,
        type.percent,
        type.statusLabel,
      ]);
    const sheet = workbook.getWorksheet('เทียบสาขา')!;
    expect(String(sheet.getRow(1).getCell(1).value)).toContain('รวม 2 สาขา');
    // Title, two periods, a blank row, the header, then one row per branch.
    expect(sheet.getRow(5).getCell(1).value).toBe('สาขา');
    expect(sheet.rowCount).toBe(5 + 2);
    // Each branch's OTIF beside its change from September, the branch screen's figureChange, signed.
    const header = (sheet.getRow(5).values as unknown[]).slice(1);
    const otif = header.indexOf('OTIF ต่อจุดส่ง %') + 1;
    expect(sheet.getRow(5).getCell(otif + 1).value).toBe('เปลี่ยนแปลง OTIF ต่อจุดส่ง %');
    const answer = (await get(`/performance/branches?${asked(branches)}&${october}`)).body as BranchesAnswer;
    for (const [i, branch] of answer.branches.entries()) {
      const change = figureChange(branch.current.stops.otif, branch.previous.stops.otif);
      expect(change).not.toBeNull();
      const cell = sheet.getRow(6 + i).getCell(otif + 1);
      expect(cell.value).toBe(change);
      expect(cell.numFmt).toBe('+#,##0.0;-#,##0.0;0.0');
    }
  });

  it('opens the stops behind the company’s figures: as many as the figures count, of the branches asked', async () => {
    const settled = 'statuses=DELIVERED&statuses=PARTIAL&statuses=FAILED';
    const figures = (await get(`/performance/branches?${asked(branches)}&${october}`)).body as BranchesAnswer;
    const response = await get(
      `/performance/branches/stops?${asked(branches)}&${october}&${settled}`,
      tokens.stops,
    );
    expect(response.status).toBe(200);
    const stops = response.body as BranchesStops;
    // The company's stop-level figures count the settled stops: the list holds exactly those.
    expect(stops.total).toBe(figures.company.current.stops.otif.of);
    expect(stops.rows).toHaveLength(Math.min(stops.total, BRANCHES_STOPS_PAGE_SIZE));
    expect(new Set(stops.rows.map((row) => row.branchId)).size).toBeGreaterThan(0);
    for (const row of stops.rows) expect(branches).toContain(row.branchId);
    // Every page together: each branch's stops and their on time as its own figures count them.
    const all: BranchesStops['rows'][number][] = [];
    for (let page = 1; all.length < stops.total; page += 1) {
      const next = await get(
        `/performance/branches/stops?${asked(branches)}&${october}&${settled}&page=${page}`,
        tokens.stops,
      );
      all.push(...(next.body as BranchesStops).rows);
    }
    expect(new Set(all.map((row) => row.id)).size).toBe(stops.total);
    for (const branch of figures.branches) {
      const own = all.filter((row) => row.branchId === branch.branchId);
      expect(own).toHaveLength(branch.current.stops.otif.of);
      expect(own.filter((row) => row.onTime)).toHaveLength(branch.current.stops.onTime.count);
      expect(own.filter((row) => row.inFull)).toHaveLength(branch.current.stops.inFull.count);
      expect(own.every((row) => row.branchLabel === branch.label)).toBe(true);
    }
    // A failure reason's stops: as many as the company's Pareto bar.
    const bar = figures.company.current.failures[0]!;
    const failed = await get(
      `/performance/branches/stops?${asked(branches)}&${october}&statuses=FAILED&reason=${bar.reason}`,
      tokens.stops,
    );
    expect((failed.body as BranchesStops).total).toBe(bar.stops);
  });

  it('refuses the stops of another branch naming the rule, no session, readers without the stop list, and bad input', async () => {
    const path = `/performance/branches/stops?${asked(branches)}&${october}`;
    const other = await get(path, tokens.stopsOne);
    expect(other.status).toBe(403);
    expect(JSON.stringify(other.body)).toContain(branchesRefusal(1));
    expect((await call(server.api, 'GET', path)).status).toBe(401);
    // Reads the figures but not the stops (the stop list's rule).
    expect((await get(path, tokens.both)).status).toBe(403);
    const many = Array.from({ length: PERFORMANCE_MAX_BRANCHES + 1 }, () => branches[0]!);
    const tooMany = await get(`/performance/branches/stops?${asked(many)}&${october}`, tokens.stops);
    expect(tooMany.status).toBe(400);
    expect((await get(`${path}&page=0`, tokens.stops)).status).toBe(400);
    expect((await get(`${path}&page=100000`, tokens.stops)).status).toBe(400);
    expect((await get(`${path}&statuses=LOST`, tokens.stops)).status).toBe(400);
    expect(
      (
        await get(
          `/performance/branches/stops?${asked(branches)}&from=2026-01-01&to=2026-10-31`,
          tokens.stops,
        )
      ).status,
    ).toBe(422);
  });

  it('opens the trips and the bookings behind the company’s per-trip and per-booking figures, as many as they count', async () => {
    const figures = (await get(`/performance/branches?${asked(branches)}&${october}`)).body as BranchesAnswer;
    const every = async <T>(path: string) => {
      const first = await get(`${path}&page=1`, tokens.stops);
      expect(first.status).toBe(200);
      const body = first.body as { total: number; rows: T[] };
      const all = [...body.rows];
      for (let page = 2; all.length < body.total; page += 1)
        all.push(...((await get(`${path}&page=${page}`, tokens.stops)).body as { rows: T[] }).rows);
      expect(all).toHaveLength(body.total);
      return all;
    };
    const trips = await every<BranchesTrips['rows'][number]>(
      `/performance/branches/trips?${asked(branches)}&${october}`,
    );
    expect(trips.length).toBeGreaterThan(0);
    // The generated months hold distances, ended trips, lead times and both kinds of confirmation: no 0 = 0.
    const company = figures.company.current;
    for (const counted of [
      company.kmPerDrop.of,
      company.minutesPerDrop.of,
      company.leadDays.docToBooking.of,
      company.confirmedByLink.count,
      company.confirmedByPhone.count,
    ])
      expect(counted).toBeGreaterThan(0);
    // km per drop: the drops of the trips with a distance; minutes per drop: of those started and ended.
    const drops = (rows: typeof trips) => rows.reduce((sum, trip) => sum + trip.drops, 0);
    expect(drops(trips.filter((t) => t.distanceKm !== null))).toBe(figures.company.current.kmPerDrop.of);
    expect(drops(trips.filter((t) => t.minutes !== null))).toBe(figures.company.current.minutesPerDrop.of);
    const km = trips.reduce((sum, t) => sum + (t.distanceKm ?? 0), 0);
    expect(figures.company.current.kmPerDrop.value).toBeCloseTo(km / figures.company.current.kmPerDrop.of, 1);
    for (const branch of figures.branches)
      expect(drops(trips.filter((t) => t.branchId === branch.branchId && t.distanceKm !== null))).toBe(
        branch.current.kmPerDrop.of,
      );
    const bookings = await every<BranchesBookings['rows'][number]>(
      `/performance/branches/bookings?${asked(branches)}&${october}`,
    );
    const lead = figures.company.current.leadDays;
    // DO → booking counts each DO of a booked stop from its own date: the rows' DOs, not the rows.
    const orders = bookings.filter((b) => b.confirmedOn).flatMap((b) => b.orderDates);
    expect(orders).toHaveLength(lead.docToBooking.of);
    expect(bookings.filter((b) => b.deliveryDate && b.confirmedOn)).toHaveLength(lead.bookingToDelivery.of);
    const byLink = await every<BranchesBookings['rows'][number]>(
      `/performance/branches/bookings?${asked(branches)}&${october}&callStatus=CONFIRMED_BY_CUSTOMER`,
    );
    expect(byLink).toHaveLength(figures.company.current.confirmedByLink.count);
    expect(byLink.every((b) => b.callStatus === 'CONFIRMED_BY_CUSTOMER')).toBe(true);
    const byPhone = await every<BranchesBookings['rows'][number]>(
      `/performance/branches/bookings?${asked(branches)}&${october}&callStatus=CALLED`,
    );
    expect(byPhone).toHaveLength(figures.company.current.confirmedByPhone.count);
    expect(byLink.length + byPhone.length).toBe(figures.company.current.confirmedByLink.of);
  });

  it('refuses the trips and bookings of another branch naming the rule, no session, and bad input', async () => {
    for (const list of ['trips', 'bookings']) {
      const path = `/performance/branches/${list}?${asked(branches)}&${october}`;
      const other = await get(path, tokens.stopsOne);
      expect(other.status).toBe(403);
      expect(JSON.stringify(other.body)).toContain(branchesRefusal(1));
      expect((await call(server.api, 'GET', path)).status).toBe(401);
      const many = Array.from({ length: PERFORMANCE_MAX_BRANCHES + 1 }, () => branches[0]!);
      expect(
        (await get(`/performance/branches/${list}?${asked(many)}&${october}`, tokens.stops)).status,
      ).toBe(400);
      expect((await get(`${path}&page=0`, tokens.stops)).status).toBe(400);
      expect((await get(`${path}&page=100000`, tokens.stops)).status).toBe(400);
      const long = `/performance/branches/${list}?${asked(branches)}&from=2026-01-01&to=2026-10-31`;
      expect((await get(long, tokens.stops)).status).toBe(422);
    }
    expect(
      (
        await get(
          `/performance/branches/bookings?${asked(branches)}&${october}&callStatus=LOST`,
          tokens.stops,
        )
      ).status,
    ).toBe(400);
  });

  // Last: it adds branches the tests above do not expect.
  it("refuses an administrator's every branch past the bound, before any work, naming it", async () => {
    for (let i = 0; i < PERFORMANCE_MAX_BRANCHES; i += 1)
      await createBranch(server.db, `PB${i}`, `สาขาเพิ่ม ${i}`);
    const response = await get(`/performance/branches?${october}`, tokens.admin);
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(tooManyBranches());
  });
});

describe('GET /performance/branches/{stops,trips,bookings}.xlsx (the lists as workbooks)', () => {
  const excel = (path: string, token: string | null = tokens.stops) =>
    fetch(`${server.api}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  const sheetOf = async (response: Response) => {
    expect(response.status, response.status === 200 ? '' : await response.clone().text()).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    return workbook.worksheets[0]!;
  };
  /** The data rows (after the title, the period, the count and the headers), cells as written. */
  const rowsOf = (sheet: ExcelJS.Worksheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 4) rows.push((row.values as unknown[]).slice(1));
    });
    return rows;
  };
  const day = (cell: unknown) => (cell instanceof Date ? cell.toISOString().slice(0, 10) : cell);
  const list = async <T>(path: string) => {
    const all: T[] = [];
    for (let page = 1; ; page += 1) {
      const body = (await get(`${path}&page=${page}`, tokens.stops)).body as { total: number; rows: T[] };
      all.push(...body.rows);
      if (all.length >= body.total) return { total: body.total, rows: all };
    }
  };

  it('writes every page of the delivered stops, in the list’s order, each with its branch', async () => {
    const query = `${asked(branches)}&${october}&statuses=DELIVERED`;
    const stops = await list<BranchesStops['rows'][number]>(`/performance/branches/stops?${query}`);
    // More than one page, so the workbook is the whole list, not its first page.
    expect(stops.total).toBeGreaterThan(BRANCHES_STOPS_PAGE_SIZE);
    const sheet = await sheetOf(await excel(`/performance/branches/stops.xlsx?${query}`));
    expect(sheet.name).toBe('จุดส่ง');
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([
      'ช่วง',
      '2026-10-01',
      '2026-10-31',
      'ต.ค. 2569',
    ]);
    expect((sheet.getRow(3).values as unknown[]).slice(1)).toEqual(['จำนวน', stops.total]);
    expect((sheet.getRow(4).values as unknown[]).slice(1)).toEqual([
      'สาขา',
      'วันที่ของกะ',
      'สถานที่ส่ง',
      'ผลการส่ง',
      'สาเหตุที่ส่งไม่สำเร็จ',
      'ตรงเวลา',
      'ส่งครบ',
    ]);
    const rows = rowsOf(sheet);
    expect(rows).toHaveLength(stops.total);
    expect(rows.map((r) => [r[0], day(r[1]), r[2], r[3], r[5], r[6]])).toEqual(
      stops.rows.map((s) => [
        s.branchLabel,
        s.shiftDate,
        s.shipToName,
        'ส่งครบแล้ว',
        s.onTime ? 'ใช่' : 'ไม่',
        s.inFull ? 'ใช่' : 'ไม่',
      ]),
    );
  });

  it('writes the trips with their numbers as numbers, and the bookings of a call status with their DOs’ dates', async () => {
    const query = `${asked(branches)}&${october}`;
    const trips = await list<BranchesTrips['rows'][number]>(`/performance/branches/trips?${query}`);
    const tripRows = rowsOf(await sheetOf(await excel(`/performance/branches/trips.xlsx?${query}`)));
    expect(tripRows.map((r) => [r[0], day(r[1]), r[2], r[3], r[4] ?? null, r[5] ?? null])).toEqual(
      trips.rows.map((t) => [t.branchLabel, t.shiftDate, t.vehicleLabel, t.drops, t.distanceKm, t.minutes]),
    );
    const called = `${query}&callStatus=CALLED`;
    const bookings = await list<BranchesBookings['rows'][number]>(`/performance/branches/bookings?${called}`);
    expect(bookings.total).toBeGreaterThan(0);
    const bookingRows = rowsOf(await sheetOf(await excel(`/performance/branches/bookings.xlsx?${called}`)));
    expect(bookingRows.map((r) => [r[0], r[1] ?? '', String(day(r[2])), day(r[3]) ?? null, r[5]])).toEqual(
      bookings.rows.map((b) => [
        b.branchLabel,
        b.shipToName,
        [...new Set(b.orderDates)].join(', '),
        b.confirmedOn,
        'โทรนัดแล้ว',
      ]),
    );
  });

  it('refuses a list longer than the bound before writing, and the lists’ own refusals', async () => {
    // Both branches' October bookings (620) are over the bound: a Thai 422 naming it and the count.
    const over = await excel(`/performance/branches/bookings.xlsx?${asked(branches)}&${october}`);
    expect(over.status).toBe(422);
    const refusal = await over.text();
    expect(refusal).toContain('ส่งออก Excel ได้ครั้งละไม่เกิน 500 รายการ');
    expect(refusal).toContain('620 รายการ');
    // One branch's (310) is not.
    const one = await excel(`/performance/branches/bookings.xlsx?${asked([branches[0]!])}&${october}`);
    expect(rowsOf(await sheetOf(one))).toHaveLength(310);
    const path = `/performance/branches/stops.xlsx?${asked(branches)}&${october}&statuses=FAILED`;
    expect((await excel(path, null)).status).toBe(401);
    const other = await excel(path, tokens.stopsOne);
    expect(other.status).toBe(403);
    expect(await other.text()).toContain(branchesRefusal(1));
    // Reads the figures but not the stop list, nor the shipment list.
    expect((await excel(path, tokens.both)).status).toBe(403);
    expect(
      (await excel(`/performance/branches/trips.xlsx?${asked(branches)}&${october}`, tokens.both)).status,
    ).toBe(403);
    expect((await excel(`${path}&statuses=LOST`)).status).toBe(400);
    const many = Array.from({ length: PERFORMANCE_MAX_BRANCHES + 1 }, () => branches[0]!);
    expect((await excel(`/performance/branches/trips.xlsx?${asked(many)}&${october}`)).status).toBe(400);
    expect(
      (await excel(`/performance/branches/trips.xlsx?${asked(branches)}&from=2026-01-01&to=2026-10-31`))
        .status,
    ).toBe(422);
  });
});
