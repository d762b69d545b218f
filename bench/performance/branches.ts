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
  for (const [name, path, more, periods] of [
    [`GET /performance/branches, ${o.branchIds.length} branches`, '/performance/branches', '', o.periods],
    [
      `branches figures.xlsx, ${o.branchIds.length} branches`,
      '/performance/branches/figures.xlsx',
      '',
      o.periods,
    ],
    [`branches/stops (settled) a month, page 1`, '/performance/branches/stops', `&${settled}`, months],
    [
      `branches/stops (settled) a month, page 200`,
      '/performance/branches/stops',
      `&${settled}&page=200`,
      months,
    ],
    [`branches/trips a month, page 1`, '/performance/branches/trips', '', months],
    [`branches/bookings a month, page 1`, '/performance/branches/bookings', '', months],
  ] as const) {
    const times: number[] = [];
    const node0 = processCpuMs();
    const pg0 = o.pgCpuMs();
    for (let i = 0; i < o.requests; i += 1) {
      const t0 = performance.now();
      const body = await get(`${path}?${new URLSearchParams(periods[i % periods.length]!)}${more}`);
      times.push(performance.now() - t0);
      if (i === 0 && typeof body === 'object' && 'total' in body) totals.push(`${name}: ${body.total} rows`);
    }
    // The bench's Node is also the server: its CPU is the route's (and the client's small share).
    const cpu = (processCpuMs() - node0 + (o.pgCpuMs() - pg0)) / o.requests;
    const p95 = o.percentile(times, 95);
    rows.push([
      name,
      String(times.length),
      o.percentile(times, 50).toFixed(0),
      p95.toFixed(0),
      '-',
      '-',
      '-',
      `p95 < ${o.goalMs}: ${p95 < o.goalMs ? 'met' : 'NOT met'}; CPU ${cpu.toFixed(0)} ms a request (Node + PostgreSQL)`,
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
