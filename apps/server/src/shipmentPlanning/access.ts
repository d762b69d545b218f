import { featureRoles } from '@lms/domain';

/**
 * Who reaches the shipment planning routes and the dispatcher's side of delivery (the board, trip
 * links): the SHIPMENT read and edit roles, in the acting branch, never by an ERP key.
 */
export const shipmentAccess = {
  read: { access: { roles: featureRoles.shipmentPlanning.read }, apiKey: 'closed', branchScoped: true },
  edit: { access: { roles: featureRoles.shipmentPlanning.edit }, apiKey: 'closed', branchScoped: true },
} as const;
