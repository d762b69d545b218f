import {
  freightStatementsApi as contract,
  type FreightCandidate,
  type FreightEvent,
  type FreightStatement,
  type FreightStatementSummary,
  type FreightTripLine,
  freightAdjustmentProblems,
  freightTotals,
  freightTransitionRefusal,
  isFreightStatementEditable,
} from '@lms/domain';
import type { HttpHandler } from 'msw';
import { fieldRefusal, mock, neverAnswered, refusal } from '../mocks/mock.ts';

/**
 * The freight screens' answers for stories (docs/freight.md): an October of contractor CTA at one
 * branch, its figures those of apps/server/test/freightSettlement.test.ts, kept in memory so that
 * adjusting, recalculating and moving the state answer as the server would (the domain's rules).
 */

export const FREIGHT_STATEMENT_ID = '7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c5d01';
const CONTRACTOR_A = '7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c5d11';
const CONTRACTOR_B = '7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c5d12';
const SIX = '7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c5d21';

const trip = (over: Partial<FreightTripLine> & Pick<FreightTripLine, 'docNo' | 'day'>): FreightTripLine => ({
  shipmentId: `7d1c0a52-5c2f-4b8e-9d0e-${String(over.docNo.replace(/\D/g, '')).padStart(12, '0')}`,
  licensePlate: '70-1001',
  vehicleTypeId: SIX,
  vehicleTypeLabel: '6W: รถบรรทุก 6 ล้อ',
  driverName: 'สมหมาย ขับดี',
  drops: 1,
  distanceKm: 40,
  tier: 'upTo75Km',
  priceValidFrom: '2026-01-01',
  distanceFee: 2200,
  minimumApplied: false,
  extraDrops: 0,
  extraDropFee: 0,
  fee: 2200,
  problem: null,
  late: false,
  ...over,
});

export const freightTrips: readonly FreightTripLine[] = [
  trip({ docNo: 'SH-2610-0001', day: '2026-10-05' }),
  trip({
    docNo: 'SH-2610-0002',
    day: '2026-10-10',
    drops: 3,
    distanceKm: 180,
    tier: 'beyond150Km',
    distanceFee: 4560,
    extraDrops: 2,
    extraDropFee: 600,
    fee: 5160,
  }),
  trip({
    docNo: 'SH-2610-0003',
    day: '2026-10-20',
    distanceKm: 100,
    tier: 'upTo150Km',
    priceValidFrom: '2026-10-15',
    distanceFee: 4000,
    fee: 4000,
  }),
  trip({
    docNo: 'SH-2610-0004',
    day: '2026-10-21',
    licensePlate: '70-1002',
    vehicleTypeLabel: '4W: รถกระบะ 4 ล้อ',
    distanceKm: 12,
    distanceFee: 1000,
    minimumApplied: true,
    fee: 1000,
  }),
];

const who = (userId: string, userLabel: string, at: string) => ({ userId, userLabel, at });

export function freightStatement(over: Partial<FreightStatement> = {}): FreightStatement {
  const trips = over.trips ?? freightTrips;
  const adjustments = over.adjustments ?? [
    {
      id: '7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c5d31',
      amount: -500,
      reason: 'สินค้าเสียหาย 1 กล่อง (SH-2610-0002)',
      ...who('7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c5d41', 'clerk01: สมหญิง รักงาน', '2026-11-02T03:15:00.000Z'),
    },
  ];
  return {
    id: FREIGHT_STATEMENT_ID,
    number: 'FS-BKK-CTA-202610',
    contractorId: CONTRACTOR_A,
    contractorLabel: 'CTA: สมศักดิ์ ขนส่งเร็ว',
    month: '2026-10',
    state: 'DRAFT',
    version: 3,
    updatedAt: '2026-11-02T03:15:00.000Z',
    branchLabel: 'BKK: สาขากรุงเทพมหานคร',
    created: who('7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c5d41', 'clerk01: สมหญิง รักงาน', '2026-11-01T02:00:00.000Z'),
    checked: null,
    approved: null,
    exported: null,
    ...over,
    trips,
    adjustments,
    totals: freightTotals(trips, adjustments),
  };
}

const summaryOf = (s: FreightStatement): FreightStatementSummary => ({
  id: s.id,
  number: s.number,
  contractorId: s.contractorId,
  contractorLabel: s.contractorLabel,
  month: s.month,
  state: s.state,
  totals: s.totals,
  version: s.version,
  updatedAt: s.updatedAt,
});

export const freightSummaries = (): FreightStatementSummary[] => [
  summaryOf(freightStatement()),
  summaryOf(
    freightStatement({
      id: '7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c5d02',
      number: 'FS-BKK-CTC-202610',
      contractorId: '7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c5d13',
      contractorLabel: 'CTC: วิไล รุ่งเรืองทรานสปอร์ต',
      state: 'APPROVED',
      adjustments: [],
      trips: freightTrips.slice(0, 2),
    }),
  ),
];

export const freightCandidates: readonly FreightCandidate[] = [
  {
    contractorId: CONTRACTOR_A,
    contractorLabel: 'CTA: สมศักดิ์ ขนส่งเร็ว',
    trips: 4,
    statementId: FREIGHT_STATEMENT_ID,
  },
  { contractorId: CONTRACTOR_B, contractorLabel: 'CTB: มานี รถบรรทุกไทย', trips: 1, statementId: null },
];

export type FreightAnswer<T> = T | 'loading' | 'error';

export interface FreightMockOptions {
  readonly statements?: FreightAnswer<readonly FreightStatementSummary[]>;
  readonly candidates?: readonly FreightCandidate[];
  readonly statement?: FreightAnswer<FreightStatement>;
  /** The user the server sees (who checked, for the checker-approves rule). */
  readonly userId?: string;
  readonly roles?: readonly string[];
}

/** What the freight mocks were asked, for a story's assertions. */
export const freightCalls: { method: string; path: string; body: unknown }[] = [];

/** The freight routes in memory: the list, candidates, one statement and its changes, PDF and Excel. */
export function freightHandlers(options: FreightMockOptions = {}): HttpHandler[] {
  freightCalls.length = 0;
  let current =
    options.statement === 'loading' || options.statement === 'error'
      ? null
      : (options.statement ?? freightStatement());
  const events: FreightEvent[] = [
    {
      id: '1',
      action: 'create',
      changes: { state: 'DRAFT', trips: 4, total: 12360 },
      at: '2026-11-01T02:00:00.000Z',
      userId: 'clerk',
      userLabel: 'clerk01: สมหญิง รักงาน',
    },
  ];
  const record = (method: string, path: string, body: unknown) => freightCalls.push({ method, path, body });
  const changed = (
    next: FreightStatement,
    event: Omit<FreightEvent, 'id' | 'at' | 'userId' | 'userLabel'>,
  ) => {
    current = freightStatement({ ...next, version: next.version + 1 });
    events.unshift({
      ...event,
      id: String(events.length + 1),
      at: '2026-11-03T04:00:00.000Z',
      userId: 'story-user',
      userLabel: 'user01: สมชาย ใจดี',
    });
    return current;
  };
  const stale = (version: number) =>
    current && version !== current.version
      ? refusal(409, 'ใบสรุปนี้มีผู้อื่นแก้ไขไปแล้ว กรุณาโหลดใหม่แล้วลองอีกครั้ง')
      : null;
  const draftOnly = () =>
    current && !isFreightStatementEditable(current.state) ? refusal(409, 'แก้ไขได้เฉพาะใบสรุปที่เป็นร่าง') : null;
  return [
    mock(contract.list, ({ query }) => {
      const answer = options.statements ?? freightSummaries();
      if (answer === 'loading') return neverAnswered();
      if (answer === 'error') return refusal(500, 'ระบบขัดข้อง กรุณาลองใหม่');
      // One state of every month (the home's count of statements waiting opens it), as the server narrows.
      return query.state ? answer.filter((s) => s.state === query.state) : answer;
    }),
    mock(contract.candidates, () => options.candidates ?? freightCandidates),
    mock(contract.create, ({ body }) => {
      record('POST', 'create', body);
      return freightStatement({
        id: '7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c5d03',
        number: 'FS-BKK-CTB-202610',
        contractorId: body.contractorId,
        contractorLabel: 'CTB: มานี รถบรรทุกไทย',
        adjustments: [],
      });
    }),
    mock(contract.get, () => {
      if (options.statement === 'loading') return neverAnswered();
      if (options.statement === 'error' || !current) return refusal(404, 'ไม่พบใบสรุปค่าขนส่งที่ต้องการ');
      return current;
    }),
    mock(contract.history, () => events),
    mock(contract.recalculate, ({ body }) => {
      record('POST', 'recalculate', body);
      const refused = stale(body.version) ?? draftOnly();
      if (refused || !current) return refused ?? refusal(404, 'ไม่พบ');
      return changed(current, {
        action: 'recalculate',
        changes: {
          trips: { from: 4, to: 4 },
          total: { from: current.totals.total, to: current.totals.total },
        },
      });
    }),
    mock(contract.addAdjustment, ({ body }) => {
      record('POST', 'adjust', body);
      const problems = freightAdjustmentProblems(body);
      if (Object.keys(problems).length > 0) return fieldRefusal(problems);
      const refused = stale(body.version) ?? draftOnly();
      if (refused || !current) return refused ?? refusal(404, 'ไม่พบ');
      const adjustment = {
        id: `7d1c0a52-5c2f-4b8e-9d0e-${String(current.adjustments.length + 100).padStart(12, '0')}`,
        amount: body.amount,
        reason: body.reason.trim(),
        at: '2026-11-03T04:00:00.000Z',
        userId: 'story-user',
        userLabel: 'user01: สมชาย ใจดี',
      };
      return changed(
        { ...current, adjustments: [...current.adjustments, adjustment] },
        { action: 'adjust', changes: { amount: body.amount, reason: adjustment.reason } },
      );
    }),
    mock(contract.removeAdjustment, ({ params, query }) => {
      record('DELETE', 'adjustment', params.adjustmentId);
      const refused = stale(Number(query.version)) ?? draftOnly();
      if (refused || !current) return refused ?? refusal(404, 'ไม่พบ');
      const gone = current.adjustments.find((a) => a.id === params.adjustmentId);
      if (!gone) return refusal(404, 'ไม่พบรายการปรับยอดที่ต้องการ');
      return changed(
        { ...current, adjustments: current.adjustments.filter((a) => a !== gone) },
        { action: 'removeAdjustment', changes: { amount: gone.amount, reason: gone.reason } },
      );
    }),
    mock(contract.transition, ({ body }) => {
      record('POST', 'transition', body);
      const refused = stale(body.version);
      if (refused || !current) return refused ?? refusal(404, 'ไม่พบ');
      const refusalOf = freightTransitionRefusal({
        from: current.state,
        to: body.to,
        roles: options.roles ?? ['ROLE_ADMIN'],
        userId: options.userId ?? 'story-user',
        checkedBy: current.checked?.userId ?? null,
        unpricedTrips: current.trips.filter((t) => t.problem !== null).map((t) => t.docNo),
      });
      if (refusalOf)
        return refusal(
          refusalOf.rule === 'unpriced' ? 422 : refusalOf.rule === 'order' ? 409 : 403,
          refusalOf.message,
        );
      const signOff = {
        userId: options.userId ?? 'story-user',
        userLabel: 'user01: สมชาย ใจดี',
        at: '2026-11-03T04:00:00.000Z',
      };
      return changed(
        {
          ...current,
          state: body.to,
          ...(body.to === 'CHECKED' ? { checked: signOff } : {}),
          ...(body.to === 'DRAFT' ? { checked: null } : {}),
          ...(body.to === 'APPROVED' ? { approved: signOff } : {}),
          ...(body.to === 'EXPORTED' ? { exported: signOff } : {}),
        },
        { action: 'transition', changes: { state: { from: current.state, to: body.to } } },
      );
    }),
    mock(contract.pdf, () => {
      record('GET', 'pdf', null);
      return new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
        headers: { 'content-type': 'application/pdf' },
      });
    }),
    mock(contract.excel, () => {
      record('GET', 'excel', null);
      return new Response(new Blob(['PK'], { type: 'application/octet-stream' }), {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename="${current?.number ?? 'statement'}.xlsx"`,
        },
      });
    }),
  ];
}
