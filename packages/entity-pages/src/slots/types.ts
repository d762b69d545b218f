import type { DialogMaxWidth } from '@lms/design-system';
import type { EntityDef } from '@lms/domain';
import type { ComponentType, ReactNode } from 'react';
import type { EntityRecord } from '../data/entityKeys.ts';
import type { FormMode } from '../form/formValidation.ts';

/**
 * What an entity adds on top of the generic pages. The generic list, form and detail stay the
 * same for every entity; a part fills a slot, it never copies a page.
 */
export interface FormPartProps {
  readonly entity: EntityDef;
  readonly mode: FormMode;
  readonly record?: EntityRecord | undefined;
}

export interface RecordPartProps {
  readonly entity: EntityDef;
  readonly record: EntityRecord;
}

export interface SelectionPartProps {
  readonly entity: EntityDef;
  /** The list's selected rows (any page), in the order they were picked. */
  readonly ids: readonly string[];
}

export interface EntityParts {
  /** Fields a form section renders itself: the generic field grid leaves them out. */
  readonly sectionFields?: readonly string[];
  /** Rendered inside the form after the generic fields (child tables, stage pairs, role picker). */
  readonly FormSections?: ComponentType<FormPartProps>;
  /**
   * Shown first on the detail page, before its other fields: what the next person needs of the
   * record (a booking's day, shift, vehicle type, ship-to and phone, call and message state).
   */
  readonly RecordLead?: ComponentType<RecordPartProps>;
  /** Fields the lead shows: the detail page's field grid leaves them out. */
  readonly leadFields?: readonly string[];
  /** Shown on the detail page after the record's fields (a booking's shipments). */
  readonly RecordSections?: ComponentType<RecordPartProps>;
  /** Buttons beside edit on the detail page (reset password). */
  readonly RecordActions?: ComponentType<RecordPartProps>;
  /** A field's list cell drawn by the entity instead of as text (the booking's message state as a badge). */
  readonly cells?: Readonly<Record<string, (record: EntityRecord) => ReactNode>>;
  /** Buttons in the list page's header (bulk generation of slots, printing the page's rows). */
  readonly ListActions?: ComponentType<{
    readonly entity: EntityDef;
    readonly rows: readonly EntityRecord[];
  }>;
  /** Actions on the list's selected rows (printing them as one batch): rows get checkboxes when set. */
  readonly SelectionActions?: ComponentType<SelectionPartProps>;
  /** Shown once after a create, with the server's answer (appUser's temporary password). */
  readonly CreatedNotice?: ComponentType<{ readonly record: EntityRecord; readonly onClose: () => void }>;
  /** Checks beyond the declaration's schema, as `{ field: Thai message }` (shipment stage order). */
  readonly validate?: (values: Record<string, unknown>) => Record<string, string>;
  /** Form dialog width; default 'md'. */
  readonly dialogWidth?: DialogMaxWidth;
}

/**
 * The host's answer to "what does this entity add": handed in through `EntityPartsProvider`, so the
 * generic pages and form never import an entity's parts.
 */
export type PartsRegistry = (entity: EntityDef) => EntityParts;
