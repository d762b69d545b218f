import { type EntityHeadRef, entityHeadList, resolveHead } from '../entities/heads.ts';
import { type EntityRef, resolveEntity } from '../entities/index.ts';
import { type EntityHead, type SpecialAction, specialActions } from '../entity/types.ts';
import { phrase } from '../text/phrase.ts';
import {
  prefixEditRoles,
  prefixReadRoles,
  ROLE_ADMIN,
  ROLE_APP_USER_RESET_PASSWORD,
  ROLE_BOOKING_CHANGE_CALL_STATUS,
  ROLE_FREIGHT_STATEMENT_APPROVE,
  ROLE_FREIGHT_STATEMENT_CHECK,
  ROLE_FREIGHT_STATEMENT_EDIT,
  ROLE_FREIGHT_STATEMENT_EXPORT,
  ROLE_FREIGHT_STATEMENT_READ,
} from './roles.ts';

/** Who may do what (spec §6). Every role list of the product comes from here, never re-typed. */

export const entityActions = ['read', 'create', 'update', 'delete', 'export', ...specialActions] as const;

export type EntityAction = (typeof entityActions)[number];

export const actionLabels: Readonly<Record<EntityAction, string>> = {
  read: 'ดู',
  create: 'เพิ่ม',
  update: 'แก้ไข',
  delete: 'ลบ',
  export: 'ส่งออกไฟล์',
  resetPassword: 'รีเซ็ตรหัสผ่าน',
  changeCallStatus: 'เปลี่ยนสถานะการโทรนัด',
};

export interface CanResult {
  readonly can: boolean;
  /** Why not, in Thai, for a disabled button's tooltip. */
  readonly reason?: string;
}

/** Files need no role: any signed-in user uploads and reads them (spec §7 shows none). */
function needsNoRole(entity: EntityHead): boolean {
  return entity.permission === '';
}

/** Roles that create, edit and delete the entity's records; empty when nobody edits them here. */
export function editRoles(entityRef: EntityHeadRef): readonly string[] {
  const entity = resolveHead(entityRef);
  if (needsNoRole(entity) || entity.readOnlyEntity) return [];
  return prefixEditRoles(entity.permission);
}

/**
 * The special actions (spec §6): their roles, and whether holding one opens the pages of the
 * entities that offer it. Which entities offer one is their declarations' `actions`.
 */
const specialActionRules: Readonly<
  Record<SpecialAction, { readonly roles: readonly string[]; readonly opensPages: boolean }>
> = {
  // Spec §6: reset-password holders see the user screens without being edit roles.
  resetPassword: { roles: [ROLE_ADMIN, ROLE_APP_USER_RESET_PASSWORD], opensPages: true },
  changeCallStatus: { roles: [ROLE_ADMIN, ROLE_BOOKING_CHANGE_CALL_STATUS], opensPages: false },
};

/** Why an entity that does not offer the action refuses it: "รีเซ็ตรหัสผ่านได้เฉพาะผู้ใช้งาน". */
function offeredOnlyBy(action: SpecialAction): string {
  const titles = entityHeadList
    .filter((entity) => entity.actions?.includes(action))
    .map((entity) => entity.title);
  return `${actionLabels[action]}ได้เฉพาะ${titles.join(' และ ')}`;
}

const isSpecialAction = (action: EntityAction): action is SpecialAction =>
  (specialActions as readonly string[]).includes(action);

/** Roles that open the entity's pages and detail views: the edit roles plus _READ, plus its actions' that open them. */
export function readRoles(entityRef: EntityHeadRef): readonly string[] {
  const entity = resolveHead(entityRef);
  if (needsNoRole(entity)) return [];
  const opening = (entity.actions ?? []).flatMap((action) =>
    specialActionRules[action].opensPages ? specialActionRules[action].roles : [],
  );
  return [...new Set([...prefixReadRoles(entity.permission), ...opening])];
}

/** Roles of a special action: resetting a user's password, changing a booking's call status. */
export function specialActionRoles(action: SpecialAction): readonly string[] {
  return specialActionRules[action].roles;
}

/** Roles of the pages that are not entities. */
export const featureRoles = {
  /** Both DO_BOOKING roles see every DO booking page; only EDIT (and admin) books. */
  doBooking: { read: prefixReadRoles('DO_BOOKING'), edit: prefixEditRoles('DO_BOOKING') },
  bookingCalendar: { read: prefixReadRoles('BOOKING_CALENDAR'), edit: prefixEditRoles('BOOKING_CALENDAR') },
  locationTracking: { read: [ROLE_ADMIN], edit: [ROLE_ADMIN] },
  /** An API key is access to branches and roles, like a user: administrators only (issue 18). */
  apiKeys: { read: [ROLE_ADMIN], edit: [ROLE_ADMIN] },
  /** Dispatchers: both SHIPMENT roles see the plan; only EDIT (and admin) confirms it or records times. */
  shipmentPlanning: { read: prefixReadRoles('SHIPMENT'), edit: prefixEditRoles('SHIPMENT') },
  /** The customer messages' Thai templates (docs/contact.md): the admin's alone, as the server's routes. */
  contactTemplates: { read: [ROLE_ADMIN], edit: [ROLE_ADMIN] },
  /** PDPA (docs/privacy.md): the personal-data access log and one person's data export. */
  personalDataAccess: { read: [ROLE_ADMIN], edit: [ROLE_ADMIN] },
  /**
   * The company's settings page (the era on paper and in customer messages, docs/documents.md
   * "Dates"): the administrator's. Anyone signed in reads the settings through the API.
   */
  companySettings: { read: [ROLE_ADMIN], edit: [ROLE_ADMIN] },
  /**
   * Contractors' monthly freight statements (docs/freight.md): every freight role reads them (and
   * their PDF and Excel); EDIT drafts, recalculates and adjusts; each move of state has its own
   * role (`freightTransitions` in rules/freightStatement.ts names which).
   */
  freightStatement: {
    read: [
      ROLE_ADMIN,
      ROLE_FREIGHT_STATEMENT_EDIT,
      ROLE_FREIGHT_STATEMENT_CHECK,
      ROLE_FREIGHT_STATEMENT_APPROVE,
      ROLE_FREIGHT_STATEMENT_EXPORT,
      ROLE_FREIGHT_STATEMENT_READ,
    ],
    edit: [ROLE_ADMIN, ROLE_FREIGHT_STATEMENT_EDIT],
    check: [ROLE_ADMIN, ROLE_FREIGHT_STATEMENT_CHECK],
    approve: [ROLE_ADMIN, ROLE_FREIGHT_STATEMENT_APPROVE],
    export: [ROLE_ADMIN, ROLE_FREIGHT_STATEMENT_EXPORT],
  },
  /**
   * A branch's delivery performance (docs/performance-figures.md): whoever reads its bookings
   * (planners, dispatchers, viewers; a branch manager's group holds BOOKING_REPORT_READ). Nothing
   * to edit. A driver, who reads no booking, does not see it.
   */
  deliveryPerformance: { read: prefixReadRoles('BOOKING_REPORT') },
} as const;

/**
 * Spec §6: with no role list on the user, access is allowed; otherwise the page must define roles
 * and the user must hold at least one of them.
 */
export function canAccessPage(
  userRoles: readonly string[] | null | undefined,
  pageRoles: readonly string[] | undefined,
): boolean {
  if (userRoles == null) return true;
  if (!pageRoles || pageRoles.length === 0) return false;
  return pageRoles.some((role) => userRoles.includes(role));
}

type ActionRule =
  | { readonly kind: 'roles'; readonly roles: readonly string[] }
  | { readonly kind: 'signedIn' }
  | { readonly kind: 'notOffered'; readonly reason: string };

function actionRule(entity: EntityHead, action: EntityAction): ActionRule {
  if (isSpecialAction(action) && !entity.actions?.includes(action)) {
    return { kind: 'notOffered', reason: offeredOnlyBy(action) };
  }
  if (needsNoRole(entity)) {
    return action === 'read' || action === 'create'
      ? { kind: 'signedIn' }
      : { kind: 'notOffered', reason: phrase(entity.title, 'แก้ไขหรือลบได้ผ่านข้อมูลที่แนบไว้เท่านั้น') };
  }
  if (isSpecialAction(action)) return { kind: 'roles', roles: specialActionRoles(action) };
  if (action === 'read' || action === 'export') return { kind: 'roles', roles: readRoles(entity) };
  if (entity.readOnlyEntity) {
    return { kind: 'notOffered', reason: `${entity.title} เป็นข้อมูลที่ดูได้อย่างเดียว` };
  }
  return { kind: 'roles', roles: editRoles(entity) };
}

/** The roles that allow `action` on the entity; `null` when no role is needed or the action is not offered. */
export function rolesFor(entityRef: EntityHeadRef, action: EntityAction): readonly string[] | null {
  const rule = actionRule(resolveHead(entityRef), action);
  return rule.kind === 'roles' ? rule.roles : null;
}

/** One answer for every access question: `{ can, reason }` so that a disabled button can say why. */
export function can(
  userRoles: readonly string[] | null | undefined,
  entityName: EntityHeadRef,
  action: EntityAction,
): CanResult {
  const entity = resolveHead(entityName);
  const rule = actionRule(entity, action);
  if (rule.kind === 'notOffered') return { can: false, reason: rule.reason };
  if (rule.kind === 'signedIn' || canAccessPage(userRoles, rule.roles)) return { can: true };
  return {
    can: false,
    reason: `ไม่มีสิทธิ์${actionLabels[action]} ${entity.title}: ต้องมีสิทธิ์ ${rule.roles.join(' หรือ ')}`,
  };
}

/**
 * Whether these roles see the entity's personal fields whole (docs/privacy.md): those who may take
 * its `revealsPersonalTo` action — edit the record by default; on a booking, change its call status
 * (they call the customer). One rule for the record's page, its history, exports, printed documents
 * and API keys; the server logs every such read.
 */
export function seesPersonalData(userRoles: readonly string[], entityRef: EntityRef): boolean {
  const entity = resolveEntity(entityRef);
  return can(userRoles, entity, entity.revealsPersonalTo ?? 'update').can;
}
