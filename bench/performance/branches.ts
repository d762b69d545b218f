/**
 * bench/performance, across branches (docs/performance-figures.md "ทุกสาขาที่ดูได้"): every branch of
 * the bench's company in one request, as an administrator opens "ทุกสาขาที่ดูได้". The first request
 * of each period refreshes whatever days are still stale (timed apart); then each case is timed with
 * the CPU it cost per request (Node's and PostgreSQL's, bench/cpu.ts), which the machine's load does
 * not inflate as it does wall times. The first answer of each period is checked against the
 * branches' own `GET /performance`: every branch's figures equal, the company's counts their sums.
 */
import { isDeepStrictEqual } from 'node:util';
import type { BranchesAnswer, PerformanceAnswer } from '@lms/domain';
import { sql } from 'kysely';
import type { Database } from '../../apps/server/src/db/database.ts';
import { processCpuMs } from '../cpu.ts';

interface Options {
  readonly base: string;
  readonly token: string;
  readonly branchIds: readonly string[];
  readonly periods: readonly { from: string; to: string }[];
  readonly requests: number;
  readonly goalMs: number;
  readonly pgCpuMs: () => number;
  readonly percentile: (values: number[], p: number) => number;
  readonly db: Database;
}

type Period = { from: string; to: string };

/**
 * The raw SQL of each list, as the routes ran it before migration 0062 (main at 36480c8d): the
 * count from the rows themselves and the page by OFFSET, both in one request's time.
 */
function rawList(db: Database, kind: string, ids: readonly string[], period: Period, page: number) {
  const offset = (page - 1) * 50;
  const inPeriod = (alias: string) => sql`${sql.ref(`${alias}.branch_id`)} = any(${ids}::uuid[])
    and ${sql.ref(`${alias}.shift_date`)} between ${period.from}::date and ${period.to}::date`;
  if (kind === 'stops') {
    const where = sql`${inPeriod('r')} and r.status = any(${['DELIVERED', 'PARTIAL', 'FAILED']}::text[])`;
    return Promise.all([
      sql`select count(*)::integer from delivery_stop_report r where ${where}`.execute(db),
      sql`select r.id, r.branch_id, r.shift_date, r.ship_to_name, r.status, r.reason, r.on_time, r.in_full
        from delivery_stop_report r where ${where}
        order by r.shift_date desc, r.branch_id, r.shipment_id, r.seq limit 50 offset ${offset}`.execute(db),
    ]);
  }
  if (kind === 'trips') {
    const trips = sql`delivery_trip t join shipment s on s.id = t.shipment_id join vehicle v on v.id = s.vehicle_id
      join vehicle_type vt on vt.id = v.vehicle_type_id
      join lateral (select count(*)::integer as drops from delivery_stop st
        where st.shipment_id = t.shipment_id and st.status in ('DELIVERED', 'PARTIAL')) d on d.drops > 0
      where ${inPeriod('t')}`;
    return Promise.all([
      sql`select count(*)::integer from ${trips}`.execute(db),
      sql`select t.shipment_id, d.drops from ${trips}
        order by t.shift_date desc, t.branch_id, t.shipment_id limit 50 offset ${offset}`.execute(db),
    ]);
  }
  const bookings = sql`delivery_trip t join delivery_stop st on st.shipment_id = t.shipment_id
    join booking_report b on b.id = st.booking_id where ${inPeriod('t')}`;
  return Promise.all([
    sql`select count(*)::integer from ${bookings}`.execute(db),
    sql`select st.id, b.id, b.ship_to_name, b.doc_date, b.confirmed_at, b.delivery_date, b.call_status from ${bookings}
      order by t.shift_date desc, t.branch_id, t.shipment_id, st.seq limit 50 offset ${offset}`.execute(db),
  ]);
}

export async function allBranchesCases(o: Options): Promise<string[][]> {
  const get = async (path: string) => {
    const response = await fetch(`${o.base}${path}`, { headers: { authorization: `Bearer ${o.token}` } });
    const body = path.includes('.xlsx') ? await response.arrayBuffer() : await response.json();
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
    return body;
  };
  const rows: string[][] = [];
  const totals: string[] = [];
  const first: number[] = [];
  for (const period of o.periods) {
    const t0 = performance.now();
    const answer = (await get(`/performance/branches?${new URLSearchParams(period)}`)) as BranchesAnswer;
    first.push(performance.now() - t0);
    await check(answer, period);
  }
  rows.push([
    `first request of ${o.branchIds.length} branches (days refreshed)`,
    String(first.length),
    o.percentile(first, 50).toFixed(0),
    o.percentile(first, 95).toFixed(0),
    '-',
    '-',
    '-',
    `max ${Math.max(...first).toFixed(0)} ms; once per period after migration`,
  ]);
  // The lists behind the company's figures: a month (the first two periods), the first page and a
  // deep one; they read the rows themselves (no roll-up), so the route's time is the raw SQL's.
  const months = o.periods.slice(0, 2);
  const settled = 'statuses=DELIVERED&statuses=PARTIAL&statuses=FAILED';
  // Page 200 asked after page 199's `next` (keyset), each month's cursor fetched untimed first.
  const cursors = new Map<string, string>();
  for (const month of months) {
    const query = `${new URLSearchParams(month)}&${settled}&page=199`;
    const before = (await get(`/performance/branches/stops?${query}`)) as { next?: string };
    cursors.set(month.from, before.next ?? '');
  }
  const afterOf = (period: Period) => `&after=${encodeURIComponent(cursors.get(period.from) ?? '')}`;
  // The company's first vehicle type: what its truck-use row opens.
  const figures = (await get(`/performance/branches?${new URLSearchParams(months[0])}`)) as BranchesAnswer;
  const type = figures.company.truckUse.byVehicleType[0]?.id ?? '';
  for (const [name, path, more, periods, raw] of [
    [
      `GET /performance/branches, ${o.branchIds.length} branches`,
      '/performance/branches',
      () => '',
      o.periods,
      undefined,
    ],
    [
      `branches figures.xlsx, ${o.branchIds.length} branches`,
      '/performance/branches/figures.xlsx',
      () => '',
      o.periods,
      undefined,
    ],
    [
      `branches/stops (settled) a month, page 1`,
      '/performance/branches/stops',
      () => `&${settled}`,
      months,
      ['stops', 1],
    ],
    [
      `branches/stops (settled) a month, page 200`,
      '/performance/branches/stops',
      () => `&${settled}&page=200`,
      months,
      ['stops', 200],
    ],
    [
      `branches/stops (settled) a month, page 200 after 199`,
      '/performance/branches/stops',
      (period: Period) => `&${settled}&page=200${afterOf(period)}`,
      months,
      ['stops', 200],
    ],
    [`branches/trips a month, page 1`, '/performance/branches/trips', () => '', months, ['trips', 1]],
    [
      `branches/trips of a vehicle type a month, page 1`,
      '/performance/branches/trips',
      () => `&vehicleTypeId=${type}`,
      months,
      undefined,
    ],
    [
      `branches/bookings a month, page 1`,
      '/performance/branches/bookings',
      () => '',
      months,
      ['bookings', 1],
    ],
  ] as const) {
    const times: number[] = [];
    const node0 = processCpuMs();
    const pg0 = o.pgCpuMs();
    for (let i = 0; i < o.requests; i += 1) {
      const period = periods[i % periods.length]!;
      const t0 = performance.now();
      const body = await get(`${path}?${new URLSearchParams(period)}${more(period)}`);
      times.push(performance.now() - t0);
      if (i === 0 && typeof body === 'object' && 'total' in body) totals.push(`${name}: ${body.total} rows`);
    }
    // The bench's Node is also the server: its CPU is the route's (and the client's small share).
    const cpu = (processCpuMs() - node0 + (o.pgCpuMs() - pg0)) / o.requests;
    // The same list by the raw SQL the route ran before (count of the rows, page by OFFSET), with its CPU.
    const rawTimes: number[] = [];
    const rawPg0 = o.pgCpuMs();
    const rawNode0 = processCpuMs();
    for (let i = 0; raw && i < Math.min(4, o.requests); i += 1) {
      const t0 = performance.now();
      await rawList(o.db, raw[0], o.branchIds, periods[i % periods.length]!, raw[1]);
      rawTimes.push(performance.now() - t0);
    }
    const rawCpu = (processCpuMs() - rawNode0 + (o.pgCpuMs() - rawPg0)) / Math.max(1, rawTimes.length);
    const p95 = o.percentile(times, 95);
    rows.push([
      name,
      String(times.length),
      o.percentile(times, 50).toFixed(0),
      p95.toFixed(0),
      rawTimes.length ? String(rawTimes.length) : '-',
      rawTimes.length ? o.percentile(rawTimes, 50).toFixed(0) : '-',
      rawTimes.length ? o.percentile(rawTimes, 95).toFixed(0) : '-',
      `p95 < ${o.goalMs}: ${p95 < o.goalMs ? 'met' : 'NOT met'}; CPU ${cpu.toFixed(0)} ms a request (Node + PostgreSQL)${
        rawTimes.length ? `; raw SQL CPU ${rawCpu.toFixed(0)} ms` : ''
      }`,
    ]);
  }
  console.log(`rows counted by the lists (first period): ${totals.join('; ')}`);
  return rows;

  /** Each branch's row equals its own screen; the company's counts are the branches' sums. */
  async function check(answer: BranchesAnswer, period: { from: string; to: string }) {
    if (answer.branches.length < o.branchIds.length)
      throw new Error(`branches: ${answer.branches.length} answered of ${o.branchIds.length}`);
    let settled = 0;
    let otif = 0;
    for (const row of answer.branches) {
      const own = (await get(
        `/performance?${new URLSearchParams({ branchId: row.branchId, ...period })}`,
      )) as PerformanceAnswer;
      if (!isDeepStrictEqual(own.current, row.current))
        throw new Error(`branches: ${row.label}'s figures differ from its own screen for ${period.from}`);
      settled += own.current.stops.otif.of;
      otif += own.current.stops.otif.count;
    }
    const company = answer.company.current.stops.otif;
    if (company.of !== settled || company.count !== otif)
      throw new Error(
        `branches: the company's OTIF ${company.count}/${company.of} is not the sum ${otif}/${settled}`,
      );
  }
}
