/** The role catalogue of spec §6, declared once. */

export const ROLE_ADMIN = 'ROLE_ADMIN';

/** Prefixes that have a ROLE_<X>_EDIT / ROLE_<X>_READ pair, in the spec's §6 order. */
export const rolePairPrefixes = [
  'DO_BOOKING',
  'ARTICLE_UOM_TYPE',
  'VEHICLE_DATE_SLOT',
  'VEHICLE_UTILIZATION_THRESHOLDS',
  'PROVINCE',
  'VEHICLE',
  'BRANCH',
  'SHIPMENT',
  'BOOKING_CALENDAR',
  'CUSTOMER',
  'ROUTE_CONFIG',
  'BO',
  'CONTRACTOR',
  'VEHICLE_TYPE',
  'SHIFT_OF_DAY',
  'UNIT',
  'UOM',
  'DISTRICT',
  'SUB_DISTRICT',
  'SHIP_COND',
  'VEHICLE_TYPE_ADJUST_PERCENT',
  'ARTICLE',
  'TIME_SLOT_CODE',
  'SHIP_TO',
  'TRUCK_BAN_CONFIG',
  'ARTICLE_TYPE_PROHIBIT',
  'DELIVERY_ORDER',
  'WAREHOUSE',
  'SHIPPING_PRICE_CONFIG',
  'DRIVER',
  'SO',
  'VEHICLE_GROUP',
] as const;

export type RolePairPrefix = (typeof rolePairPrefixes)[number];

export const ROLE_APP_USER_EDIT = 'ROLE_APP_USER_EDIT';
export const ROLE_APP_USER_READ = 'ROLE_APP_USER_READ';
export const ROLE_APP_USER_RESET_PASSWORD = 'ROLE_APP_USER_RESET_PASSWORD';
export const ROLE_BOOKING_REPORT_READ = 'ROLE_BOOKING_REPORT_READ';
export const ROLE_BOOKING_CHANGE_CALL_STATUS = 'ROLE_BOOKING_CHANGE_CALL_STATUS';

/**
 * Freight settlement with contractors (docs/freight.md), beyond spec §6's catalogue: who reads the
 * monthly statements, who drafts and adjusts them, who checks, who approves, who exports them to
 * accounting. Each state's move has its own role so that no one person carries a statement through.
 */
export const ROLE_FREIGHT_STATEMENT_READ = 'ROLE_FREIGHT_STATEMENT_READ';
export const ROLE_FREIGHT_STATEMENT_EDIT = 'ROLE_FREIGHT_STATEMENT_EDIT';
export const ROLE_FREIGHT_STATEMENT_CHECK = 'ROLE_FREIGHT_STATEMENT_CHECK';
export const ROLE_FREIGHT_STATEMENT_APPROVE = 'ROLE_FREIGHT_STATEMENT_APPROVE';
export const ROLE_FREIGHT_STATEMENT_EXPORT = 'ROLE_FREIGHT_STATEMENT_EXPORT';

export function editRoleOf(prefix: string): string {
  return `ROLE_${prefix}_EDIT`;
}

export function readRoleOf(prefix: string): string {
  return `ROLE_${prefix}_READ`;
}

/** Every role the product knows (75): ROLE_ADMIN, the pairs, the user and booking-report roles, the freight statement's. */
export const roleCatalogue: readonly string[] = [
  ROLE_ADMIN,
  ...rolePairPrefixes.flatMap((prefix) => [editRoleOf(prefix), readRoleOf(prefix)]),
  ROLE_APP_USER_EDIT,
  ROLE_APP_USER_READ,
  ROLE_APP_USER_RESET_PASSWORD,
  ROLE_BOOKING_REPORT_READ,
  ROLE_BOOKING_CHANGE_CALL_STATUS,
  ROLE_FREIGHT_STATEMENT_READ,
  ROLE_FREIGHT_STATEMENT_EDIT,
  ROLE_FREIGHT_STATEMENT_CHECK,
  ROLE_FREIGHT_STATEMENT_APPROVE,
  ROLE_FREIGHT_STATEMENT_EXPORT,
];

const known: ReadonlySet<string> = new Set(roleCatalogue);

export function isKnownRole(role: string): boolean {
  return known.has(role);
}

/** ROLE_ADMIN plus ROLE_<prefix>_EDIT where the catalogue has it: create, edit, delete. */
export function prefixEditRoles(prefix: string): readonly string[] {
  const edit = editRoleOf(prefix);
  return known.has(edit) ? [ROLE_ADMIN, edit] : [ROLE_ADMIN];
}

/** The edit roles plus ROLE_<prefix>_READ where the catalogue has it: pages and detail views. */
export function prefixReadRoles(prefix: string): readonly string[] {
  const read = readRoleOf(prefix);
  return known.has(read) ? [...prefixEditRoles(prefix), read] : prefixEditRoles(prefix);
}
