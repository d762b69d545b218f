import type { EntityDef } from '@lms/domain';
import type { EntityParts, PartsRegistry } from '@lms/entity-pages';
import { ExportPersonalDataAction } from '../privacy/ExportPersonalDataAction.tsx';
import { appRoleGroupParts } from './appRoleGroupParts.tsx';
import { appUserParts } from './appUserParts.tsx';
import { bookingReportParts } from './bookingReportParts.tsx';
import { ChildSections } from './childSections.tsx';
import { PrintRecord, PrintSelected } from './PrintMenu.tsx';
import { vehicleDateSlotParts } from './SlotGenerator.tsx';
import { shipmentParts } from './shipmentParts.tsx';
import { shipToParts } from './shipToParts.tsx';
import { truckBanParts } from './truckBanParts.tsx';

/** Records that hold a person's phone: administrators export one person's data (PDPA). */
const personalDataParts: EntityParts = { RecordActions: ExportPersonalDataAction };

/**
 * The special parts of the entities that need more than the generic shape, by entity name. The
 * host hands `partsFor` to `EntityPartsProvider`; the generic pages never import this file.
 * Entities not listed here get the generic pages only; an entity with child tables and no
 * entry gets the generic child-table editor.
 */
const parts: Readonly<Record<string, EntityParts>> = {
  shipment: shipmentParts,
  // Erasing its contact data, and one person's export (PDPA, docs/privacy.md).
  shipTo: shipToParts,
  customer: personalDataParts,
  contractor: personalDataParts,
  driver: personalDataParts,
  branch: { FormSections: ChildSections },
  appUser: appUserParts,
  appRoleGroup: appRoleGroupParts,
  bookingReport: bookingReportParts,
  // Its delivery note (docs/documents.md).
  deliveryOrder: { RecordActions: PrintRecord, SelectionActions: PrintSelected },
  vehicleDateSlot: vehicleDateSlotParts,
  truckBanConfig: truckBanParts,
};

export const partsFor: PartsRegistry = (entity: EntityDef): EntityParts =>
  parts[entity.name] ?? (entity.children?.length ? { FormSections: ChildSections } : {});
