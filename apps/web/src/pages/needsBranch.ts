import { featureRoles, type RouteDef, resolveEntity } from '@lms/domain';

const bookingRoles = new Set<readonly string[]>([
  featureRoles.doBooking.read,
  featureRoles.bookingCalendar.read,
]);

/** Pages whose data belongs to one branch: branch-owned entities and the booking pages. */
export function needsBranch(route: RouteDef): boolean {
  if (route.roles && bookingRoles.has(route.roles)) return true;
  return route.entity !== undefined && resolveEntity(route.entity).branchOwned;
}
