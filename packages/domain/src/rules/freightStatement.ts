import { featureRoles } from '../auth/permissions.ts';
import { ROLE_ADMIN } from '../auth/roles.ts';
import { BUDDHIST_ERA_OFFSET } from '../constants.ts';
import { optionLabel } from '../entity/types.ts';
import { phrase } from '../text/phrase.ts';
import { roundBaht } from './freightPrice.ts';

/**
 * A contractor's monthly freight statement at one branch (docs/freight.md): its states, who may
 * move it from one to the next, what may still change in each, and its totals — one definition
 * for the server, the screens, the PDF and the Excel.
 */

export const freightStatementStates = [
  { value: 'DRAFT', label: 'ร่าง' },
  { value: 'CHECKED', label: 'ตรวจแล้ว' },
  { value: 'APPROVED', label: 'อนุมัติแล้ว' },
  { value: 'EXPORTED', label: 'ส่งออกแล้ว' },
] as const;

export type FreightStatementState = (typeof freightStatementStates)[number]['value'];

export const freightStatementStateValues = freightStatementStates.map((s) => s.value);

export function freightStateLabel(state: FreightStatementState): string {
  return optionLabel(freightStatementStates, state) ?? state;
}

export interface FreightTransition {
  readonly from: FreightStatementState;
  readonly to: FreightStatementState;
  /** The button's words. */
  readonly label: string;
  /** Who may make the move. */
  readonly roles: readonly string[];
  /** The role's name in a refusal. */
  readonly roleLabel: string;
}

const freight = featureRoles.freightStatement;

/** Every move a statement may make; any other is refused. */
export const freightTransitions: readonly FreightTransition[] = [
  { from: 'DRAFT', to: 'CHECKED', label: 'ยืนยันว่าตรวจแล้ว', roles: freight.check, roleLabel: 'ผู้ตรวจ' },
  {
    from: 'CHECKED',
    to: 'DRAFT',
    label: 'ส่งกลับไปแก้ไข',
    roles: [...new Set([...freight.check, ...freight.approve])],
    roleLabel: 'ผู้ตรวจหรือผู้อนุมัติ',
  },
  { from: 'CHECKED', to: 'APPROVED', label: 'อนุมัติ', roles: freight.approve, roleLabel: 'ผู้อนุมัติ' },
  {
    from: 'APPROVED',
    to: 'EXPORTED',
    label: 'ส่งออกให้ฝ่ายบัญชีแล้ว',
    roles: freight.export,
    roleLabel: 'ผู้ส่งออกให้ฝ่ายบัญชี',
  },
];

/**
 * The states in which a statement waits for someone with these roles: the `from` of each move
 * forward they may make (a branch manager: drafts to check and checked ones to approve). Sending
 * back to draft is no work waiting. The home counts these (docs/web.md "Home").
 */
export function freightStatesWaitingFor(roles: readonly string[]): FreightStatementState[] {
  const order = (state: FreightStatementState) => freightStatementStateValues.indexOf(state);
  return freightStatementStateValues.filter((state) =>
    freightTransitions.some(
      (move) =>
        move.from === state &&
        order(move.to) > order(state) &&
        move.roles.some((role) => roles.includes(role)),
    ),
  );
}

/** Only a draft's trips and adjustments change: once checked it is read as it stands. */
export function isFreightStatementEditable(state: FreightStatementState): boolean {
  return state === 'DRAFT';
}

/** Approved and exported statements never change again (a correction is an adjustment on a later one). */
export function isFreightStatementFinal(state: FreightStatementState): boolean {
  return state === 'APPROVED' || state === 'EXPORTED';
}

/**
 * What a contractor's own account sees (docs/freight.md): its statements once approved — the
 * figures it is paid on, which never change again — never a draft still being checked.
 */
export function isSeenByContractor(state: FreightStatementState): boolean {
  return isFreightStatementFinal(state);
}

export const freightMessages = {
  contractorsOwn: 'บัญชีผู้รับเหมาเห็นได้เฉพาะใบสรุปค่าขนส่งของตนเองที่อนุมัติแล้ว และสร้าง แก้ไข หรือเปลี่ยนสถานะใบสรุปไม่ได้',
  notEditable: (state: FreightStatementState) =>
    isFreightStatementFinal(state)
      ? `${phrase('ใบสรุปที่', freightStateLabel(state), 'แก้ไขไม่ได้อีก')}: การแก้ไขให้ทำเป็นรายการปรับยอดในใบสรุปของเดือนถัดไป`
      : `แก้ไขได้เฉพาะใบสรุปที่เป็นร่าง (${phrase('ใบนี้', freightStateLabel(state))}): ให้ผู้ตรวจหรือผู้อนุมัติส่งกลับไปแก้ไขก่อน`,
  noSuchMove: (from: FreightStatementState, to: FreightStatementState) =>
    `เปลี่ยนสถานะจาก "${freightStateLabel(from)}" เป็น "${freightStateLabel(to)}" ไม่ได้: ลำดับคือ ร่าง → ตรวจแล้ว → อนุมัติแล้ว → ส่งออกแล้ว`,
  notYourMove: (move: FreightTransition) =>
    `${phrase('ไม่มีสิทธิ์', move.label)}: ${phrase('ต้องเป็น', move.roleLabel)} (สิทธิ์ ${move.roles.join(' หรือ ')})`,
  checkerApproves: 'อนุมัติไม่ได้: ผู้ที่ตรวจใบสรุปนี้จะอนุมัติเองไม่ได้ (ผู้ตรวจและผู้อนุมัติต้องเป็นคนละคน)',
  unpriced: (trips: readonly string[]) =>
    `ยืนยันการตรวจไม่ได้: ยังคิดค่าขนส่งไม่ได้ ${trips.length} เที่ยว (${trips.slice(0, 5).join(', ')}${trips.length > 5 ? ' …' : ''}) ให้แก้ข้อมูลแล้วกดคำนวณใหม่`,
  stale: 'ใบสรุปนี้มีผู้อื่นแก้ไขไปแล้ว กรุณาโหลดใหม่แล้วลองอีกครั้ง',
  duplicate: (contractor: string, month: string) =>
    `มีใบสรุปค่าขนส่งของ ${contractor} เดือน ${month} ในสาขานี้อยู่แล้ว`,
  notFound: 'ไม่พบใบสรุปค่าขนส่งที่ต้องการ',
  contractorNotFound: 'ไม่พบผู้รับเหมาขนส่งที่เลือก',
  adjustmentNotFound: 'ไม่พบรายการปรับยอดที่ต้องการ',
  futureMonth: 'สร้างใบสรุปของเดือนที่ยังไม่เริ่มไม่ได้',
} as const;

export interface TransitionAsk {
  readonly from: FreightStatementState;
  readonly to: FreightStatementState;
  readonly roles: readonly string[];
  readonly userId: string;
  /** Who moved it to CHECKED (null while never checked). */
  readonly checkedBy: string | null;
  /** Numbers of the trips without a price. */
  readonly unpricedTrips: readonly string[];
}

/** Which rule refused a move: its order, its role, the checker approving, trips without a price. */
export type FreightRefusalRule = 'order' | 'role' | 'separation' | 'unpriced';

export interface FreightRefusal {
  readonly rule: FreightRefusalRule;
  /** Thai, naming the rule and what to do. */
  readonly message: string;
}

/**
 * Why a move is refused; null when it is allowed. The checker may not approve what they checked
 * (an administrator may: a company of one must still close its month).
 */
export function freightTransitionRefusal(ask: TransitionAsk): FreightRefusal | null {
  const move = freightTransitions.find((t) => t.from === ask.from && t.to === ask.to);
  if (!move) return { rule: 'order', message: freightMessages.noSuchMove(ask.from, ask.to) };
  if (!move.roles.some((role) => ask.roles.includes(role)))
    return { rule: 'role', message: freightMessages.notYourMove(move) };
  if (move.to === 'APPROVED' && ask.checkedBy === ask.userId && checkerMayNotApprove(ask.roles))
    return { rule: 'separation', message: freightMessages.checkerApproves };
  if (move.to === 'CHECKED' && ask.unpricedTrips.length > 0)
    return { rule: 'unpriced', message: freightMessages.unpriced(ask.unpricedTrips) };
  return null;
}

/** Whether the separation of duties keeps these roles from approving what they checked: every user but an administrator. */
export function checkerMayNotApprove(roles: readonly string[]): boolean {
  return !roles.includes(ROLE_ADMIN);
}

/** The moves these roles may offer from a state (the screen's buttons). */
export function freightMovesFor(state: FreightStatementState, roles: readonly string[]): FreightTransition[] {
  return freightTransitions.filter((t) => t.from === state && t.roles.some((role) => roles.includes(role)));
}

export interface FreightTotals {
  readonly trips: number;
  readonly distanceKm: number;
  readonly tripFees: number;
  readonly adjustments: number;
  readonly total: number;
}

/** A statement's figures: the trips' count, km and fees, the adjustments' sum, the total to pay. */
export function freightTotals(
  trips: readonly { readonly distanceKm: number | null; readonly fee: number }[],
  adjustments: readonly { readonly amount: number }[],
): FreightTotals {
  const tripFees = roundBaht(trips.reduce((sum, trip) => sum + trip.fee, 0));
  const adjusted = roundBaht(adjustments.reduce((sum, a) => sum + a.amount, 0));
  return {
    trips: trips.length,
    distanceKm: Math.round(trips.reduce((sum, trip) => sum + (trip.distanceKm ?? 0), 0) * 100) / 100,
    tripFees,
    adjustments: adjusted,
    total: roundBaht(tripFees + adjusted),
  };
}

/** `2026-02` → its first and last day. */
export function monthDays(month: string): { readonly first: string; readonly last: string } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) throw new RangeError(`month must be yyyy-MM, got ${month}`);
  const [year, m] = [Number(match[1]), Number(match[2])];
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(last).padStart(2, '0')}` };
}

const thaiMonthName = new Intl.DateTimeFormat('th-TH', { month: 'long', timeZone: 'UTC' });

/** `2026-02` → `กุมภาพันธ์ 2569` (พ.ศ.) or `กุมภาพันธ์ 2026`. */
export function formatMonth(
  month: string,
  options: { readonly buddhistEra?: boolean } = { buddhistEra: true },
) {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${thaiMonthName.format(Date.UTC(year, m - 1, 1))} ${options.buddhistEra === false ? year : year + BUDDHIST_ERA_OFFSET}`;
}

/** Limits of an adjustment (baht, text). */
export const FREIGHT_ADJUSTMENT = { maxAmount: 10_000_000, reasonMaxLength: 500 } as const;

/** What is wrong with an adjustment, per field, in Thai; empty when it may be added. */
export function freightAdjustmentProblems(adjustment: {
  readonly amount: number;
  readonly reason: string;
}): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!Number.isFinite(adjustment.amount) || adjustment.amount === 0)
    problems.amount = 'กรุณาระบุ จำนวนเงินที่ปรับ (บวก = จ่ายเพิ่ม, ลบ = หักออก) ที่ไม่ใช่ 0';
  else if (Math.abs(adjustment.amount) > FREIGHT_ADJUSTMENT.maxAmount)
    problems.amount = `จำนวนเงินที่ปรับต้องไม่เกิน ${FREIGHT_ADJUSTMENT.maxAmount.toLocaleString('en-US')} บาท`;
  else if (Math.abs(Math.round(adjustment.amount * 100) - adjustment.amount * 100) > 1e-6)
    problems.amount = 'จำนวนเงินที่ปรับมีทศนิยมได้ไม่เกิน 2 ตำแหน่ง (สตางค์)';
  const reason = adjustment.reason.trim();
  if (reason === '') problems.reason = 'กรุณาระบุ เหตุผลของการปรับยอด';
  else if (reason.length > FREIGHT_ADJUSTMENT.reasonMaxLength)
    problems.reason = `เหตุผลยาวได้ไม่เกิน ${FREIGHT_ADJUSTMENT.reasonMaxLength} ตัวอักษร`;
  return problems;
}
