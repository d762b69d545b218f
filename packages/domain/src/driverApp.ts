import { editRoleOf } from './auth/roles.ts';

/**
 * Where the driver's app opens: its own page and entry (`driver.html`), not the staff app. A company
 * driver signs in there; the staff home of a user with nothing else to do points to it. A module of
 * its own: the staff shell names the path without the driver's API declarations and their messages.
 */
export const DRIVER_APP_PATH = '/driver/trips';

/**
 * The driver's roles (the staff group พนักงานขับรถ, `staffGroups.driver`): shipments and their stage
 * times. Spec §6 has no role for stage times alone: SHIPMENT_EDIT also edits shipments and confirms
 * plans (docs/roles.md, "Not yet"). Here so that the shell's home tells a driver without the groups.
 */
export const DRIVER_ROLES: readonly string[] = [editRoleOf('SHIPMENT')];
