import { type EntityDef, shipmentStages, stageFieldNames, stageOrderViolations } from '@lms/domain';
import type { EntityParts, PartsRegistry } from '@lms/entity-pages';
import { createElement } from 'react';
import { MessageStateBadge } from '../contact/MessageStateBadge.tsx';
import { bookingLeadFields } from './bookingLeadFields.ts';
import { deferredPart } from './deferredPart.ts';

// What a page asks of a part before drawing it (the fields a section or lead shows, a list's cells,
// a form's checks) is declared here; each part's component is `deferredPart`, fetched when drawn.

const printRecord = deferredPart(() => import('./PrintMenu.tsx').then((m) => m.PrintRecord));
const printSelected = deferredPart(() => import('./PrintMenu.tsx').then((m) => m.PrintSelected));
const childSections = deferredPart(() => import('./childSections.tsx').then((m) => m.ChildSections));

/** Records that hold a person's phone: administrators export one person's data (PDPA). */
const personalDataParts: EntityParts = {
  RecordActions: deferredPart(() =>
    import('../privacy/ExportPersonalDataAction.tsx').then((m) => m.ExportPersonalDataAction),
  ),
};

/**
 * The special parts of the entities that need more than the generic shape, by entity name. The
 * host hands `partsFor` to `EntityPartsProvider`; the generic pages never import this file.
 * Entities not listed here get the generic pages only; an entity with child tables and no
 * entry gets the generic child-table editor.
 */
const parts: Readonly<Record<string, EntityParts>> = {
  // The plan/actual date and time of each stage, one row per stage.
  shipment: {
    sectionFields: shipmentStages.flatMap(({ key }) => Object.values(stageFieldNames(key))),
    FormSections: deferredPart(() => import('./shipmentParts.tsx').then((m) => m.ShipmentStages)),
    RecordActions: deferredPart(() => import('./shipmentParts.tsx').then((m) => m.ShipmentActions)),
    SelectionActions: printSelected,
    // booking.md: an actual stage time may not precede the previous stage's.
    validate: (values) =>
      Object.fromEntries(
        stageOrderViolations(values).map((violation) => [violation.field, violation.message]),
      ),
  },
  // Erasing its contact data, and one person's export (PDPA, docs/privacy.md).
  shipTo: { RecordActions: deferredPart(() => import('./shipToParts.tsx').then((m) => m.ShipToActions)) },
  customer: personalDataParts,
  contractor: personalDataParts,
  driver: personalDataParts,
  branch: { FormSections: childSections },
  appUser: {
    RecordActions: deferredPart(() => import('./appUserParts.tsx').then((m) => m.ResetPasswordAction)),
    CreatedNotice: deferredPart(() => import('./appUserParts.tsx').then((m) => m.CreatedUserNotice)),
  },
  appRoleGroup: {
    sectionFields: ['roles'],
    FormSections: deferredPart(() => import('./appRoleGroupParts.tsx').then((m) => m.RolePicker)),
  },
  // Booking lines are written by the booking flow: shown with the booking, never edited here. Its
  // page leads with what the planner acts on, offers the booking calendar's actions, and lists the
  // shipments carrying it and, stop by stop, their deliveries with the proof.
  bookingReport: {
    RecordLead: deferredPart(() => import('./BookingLead.tsx').then((m) => m.BookingLead)),
    leadFields: bookingLeadFields,
    FormSections: deferredPart(() => import('./childSections.tsx').then((m) => m.ReadOnlyChildSections)),
    RecordActions: deferredPart(() => import('./bookingReportParts.tsx').then((m) => m.BookingReportActions)),
    SelectionActions: printSelected,
    RecordSections: deferredPart(() =>
      import('./bookingReportParts.tsx').then((m) => m.BookingReportSections),
    ),
    cells: {
      messageState: (record) =>
        createElement(MessageStateBadge, { state: record.messageState as string | null }),
    },
  },
  // Its delivery note (docs/documents.md).
  deliveryOrder: { RecordActions: printRecord, SelectionActions: printSelected },
  vehicleDateSlot: {
    ListActions: deferredPart(() => import('./SlotGenerator.tsx').then((m) => m.SlotGenerator)),
  },
  truckBanConfig: {
    sectionFields: ['banDayPattern', 'bannedWeekdays'],
    FormSections: deferredPart(() => import('./truckBanParts.tsx').then((m) => m.WeekdayPatternEditor)),
  },
};

export const partsFor: PartsRegistry = (entity: EntityDef): EntityParts =>
  parts[entity.name] ?? (entity.children?.length ? { FormSections: childSections } : {});
