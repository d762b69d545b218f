import Type, { type Static } from 'typebox';
import type { DistanceTier } from '../rules/freightPrice.ts';
import {
  FREIGHT_ADJUSTMENT,
  type FreightStatementState,
  freightStatementStateValues,
} from '../rules/freightStatement.ts';
import { Bytes, IdParams, IsoDate, List, Nullable, operation, Uuid } from './common.ts';

/**
 * Contractors' monthly freight statements (docs/freight.md): per branch, contractor and month,
 * the trips of the contractor's trucks priced by the freight price rule, adjustments, the total,
 * and the states draft → checked → approved → exported. Every route is branch-scoped.
 */

const distanceTiers: readonly DistanceTier[] = ['upTo75Km', 'upTo150Km', 'beyond150Km'];
/** A statement's state on the wire (the home's counts name the state they count, too). */
export const FreightStatementStateSchema = Type.Unsafe<FreightStatementState>(
  Type.String({ enum: [...freightStatementStateValues] }),
);
const State = FreightStatementStateSchema;

/**
 * The most statements one list answer holds (newest month first): a branch has a statement per
 * contractor and month. The home counts a state's statements up to here, so its number is the list's.
 */
export const FREIGHT_LIST_MAX_ROWS = 1000;
const Tier = Type.Unsafe<DistanceTier>(Type.String({ enum: [...distanceTiers] }));

/** `yyyy-MM`. */
export const YearMonth = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', maxLength: 7, title: 'เดือน' });

const BranchQuery = Type.Object({ branchId: Uuid }, { additionalProperties: false });
const Version = Type.Integer({ minimum: 0, title: 'เวอร์ชัน' });

/** One trip on a statement, as it was priced (kept as it stands once the statement is final). */
export const FreightTripLine = Type.Object({
  shipmentId: Uuid,
  docNo: Type.String(),
  day: IsoDate,
  licensePlate: Nullable(Type.String()),
  vehicleTypeId: Nullable(Uuid),
  vehicleTypeLabel: Nullable(Type.String()),
  driverName: Nullable(Type.String()),
  /** Places delivered to (distinct ship-tos). */
  drops: Type.Integer(),
  /** One way, branch to the farthest drop. */
  distanceKm: Nullable(Type.Number()),
  tier: Nullable(Tier),
  /** The price list row used (its `validFrom`). */
  priceValidFrom: Nullable(IsoDate),
  distanceFee: Type.Number(),
  minimumApplied: Type.Boolean(),
  extraDrops: Type.Integer(),
  extraDropFee: Type.Number(),
  fee: Type.Number(),
  /** Why the trip has no price (Thai); null when priced. */
  problem: Nullable(Type.String()),
  /** A trip of an earlier month that missed that month's approved statement. */
  late: Type.Boolean(),
});
export type FreightTripLine = Static<typeof FreightTripLine>;

export const FreightAdjustment = Type.Object({
  id: Uuid,
  /** Baht: positive pays more, negative deducts. */
  amount: Type.Number(),
  reason: Type.String(),
  at: Type.String({ format: 'date-time' }),
  userId: Nullable(Uuid),
  userLabel: Nullable(Type.String()),
});
export type FreightAdjustment = Static<typeof FreightAdjustment>;

export const FreightTotalsSchema = Type.Object({
  trips: Type.Integer(),
  distanceKm: Type.Number(),
  tripFees: Type.Number(),
  adjustments: Type.Number(),
  total: Type.Number(),
});

/** Who made a state move, and when. */
export const FreightSignOff = Nullable(
  Type.Object({
    userId: Nullable(Uuid),
    userLabel: Nullable(Type.String()),
    at: Type.String({ format: 'date-time' }),
  }),
);
export type FreightSignOff = Static<typeof FreightSignOff>;

const summaryProperties = {
  id: Uuid,
  /** `FS-<branch>-<contractor>-<yyyyMM>`. */
  number: Type.String(),
  contractorId: Uuid,
  contractorLabel: Type.String(),
  month: Type.String(),
  state: State,
  totals: FreightTotalsSchema,
  version: Type.Integer(),
  updatedAt: Type.String({ format: 'date-time' }),
};

export const FreightStatementSummary = Type.Object(summaryProperties);
export type FreightStatementSummary = Static<typeof FreightStatementSummary>;

export const FreightStatement = Type.Object({
  ...summaryProperties,
  branchLabel: Type.String(),
  trips: List(FreightTripLine),
  adjustments: List(FreightAdjustment),
  created: FreightSignOff,
  checked: FreightSignOff,
  approved: FreightSignOff,
  exported: FreightSignOff,
});
export type FreightStatement = Static<typeof FreightStatement>;

export const freightEventActions = [
  'create',
  'recalculate',
  'adjust',
  'removeAdjustment',
  'transition',
] as const;
export type FreightEventAction = (typeof freightEventActions)[number];

/** One change of a statement, newest first. */
export const FreightEvent = Type.Object({
  id: Type.String(),
  action: Type.Unsafe<FreightEventAction>(Type.String({ enum: [...freightEventActions] })),
  /** `{ state: { from, to } }`, `{ total: { from, to }, trips: { from, to } }`, `{ amount, reason }`. */
  changes: Type.Unsafe<Readonly<Record<string, unknown>>>({ type: 'object', additionalProperties: true }),
  at: Type.String({ format: 'date-time' }),
  userId: Nullable(Type.String()),
  userLabel: Nullable(Type.String()),
});
export type FreightEvent = Static<typeof FreightEvent>;

/** A contractor whose trucks ran at the branch in the month, and its statement if one exists. */
export const FreightCandidate = Type.Object({
  contractorId: Uuid,
  contractorLabel: Type.String(),
  trips: Type.Integer(),
  statementId: Nullable(Uuid),
});
export type FreightCandidate = Static<typeof FreightCandidate>;

export const FreightListQuery = Type.Object(
  {
    branchId: Uuid,
    month: Type.Optional(YearMonth),
    contractorId: Type.Optional(Uuid),
    state: Type.Optional(State),
  },
  { additionalProperties: false },
);
export type FreightListQuery = Static<typeof FreightListQuery>;

export const FreightCreate = Type.Object(
  { contractorId: Type.Unsafe<string>({ ...Uuid, title: 'ผู้รับเหมาขนส่ง' }), month: YearMonth },
  { additionalProperties: false },
);
export type FreightCreate = Static<typeof FreightCreate>;

export const FreightVersionBody = Type.Object({ version: Version }, { additionalProperties: false });

export const FreightAdjustmentBody = Type.Object(
  {
    version: Version,
    amount: Type.Number({ title: 'จำนวนเงินที่ปรับ' }),
    reason: Type.String({ maxLength: FREIGHT_ADJUSTMENT.reasonMaxLength * 2, title: 'เหตุผล' }),
  },
  { additionalProperties: false },
);
export type FreightAdjustmentBody = Static<typeof FreightAdjustmentBody>;

export const FreightTransitionBody = Type.Object(
  { version: Version, to: State },
  { additionalProperties: false },
);
export type FreightTransitionBody = Static<typeof FreightTransitionBody>;

const NOT_FOUND = { 404: Type.Object({ messages: List(Type.String()) }) } as const;

export const freightStatementsApi = {
  list: operation({
    method: 'GET',
    url: '/freightStatements',
    schema: { querystring: FreightListQuery, response: { 200: List(FreightStatementSummary) } },
  }),
  /** Contractors with trips at the branch in the month (and their statement, if any): what a draft may be made for. */
  candidates: operation({
    method: 'GET',
    url: '/freightStatements/candidates',
    schema: {
      querystring: Type.Object({ branchId: Uuid, month: YearMonth }, { additionalProperties: false }),
      response: { 200: List(FreightCandidate) },
    },
  }),
  create: operation({
    method: 'POST',
    url: '/freightStatements',
    schema: { querystring: BranchQuery, body: FreightCreate, response: { 201: FreightStatement } },
  }),
  get: operation({
    method: 'GET',
    url: '/freightStatements/:id',
    schema: { params: IdParams, querystring: BranchQuery, response: { 200: FreightStatement, ...NOT_FOUND } },
  }),
  history: operation({
    method: 'GET',
    url: '/freightStatements/:id/history',
    schema: { params: IdParams, querystring: BranchQuery, response: { 200: List(FreightEvent) } },
  }),
  recalculate: operation({
    method: 'POST',
    url: '/freightStatements/:id/recalculate',
    schema: {
      params: IdParams,
      querystring: BranchQuery,
      body: FreightVersionBody,
      response: { 200: FreightStatement },
    },
  }),
  addAdjustment: operation({
    method: 'POST',
    url: '/freightStatements/:id/adjustments',
    schema: {
      params: IdParams,
      querystring: BranchQuery,
      body: FreightAdjustmentBody,
      response: { 200: FreightStatement },
    },
  }),
  removeAdjustment: operation({
    method: 'DELETE',
    url: '/freightStatements/:id/adjustments/:adjustmentId',
    schema: {
      params: Type.Object({ id: Uuid, adjustmentId: Uuid }),
      querystring: Type.Object({ branchId: Uuid, version: Version }, { additionalProperties: false }),
      response: { 200: FreightStatement },
    },
  }),
  transition: operation({
    method: 'POST',
    url: '/freightStatements/:id/transition',
    schema: {
      params: IdParams,
      querystring: BranchQuery,
      body: FreightTransitionBody,
      response: { 200: FreightStatement },
    },
  }),
  pdf: operation({
    method: 'GET',
    url: '/freightStatements/:id/statement.pdf',
    schema: {
      params: IdParams,
      querystring: BranchQuery,
      response: { 200: Bytes },
      produces: ['application/pdf'],
    },
  }),
  excel: operation({
    method: 'GET',
    url: '/freightStatements/:id/statement.xlsx',
    schema: {
      params: IdParams,
      querystring: BranchQuery,
      response: { 200: Bytes },
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    },
  }),
};
