import { type ChildDef, dayRange, type FieldDef, vehicleDateSlot } from '@lms/domain';

/** Bulk generation of vehicle date slots: every day of a range × every row of a template. */

const field = (name: string): FieldDef => {
  const found = vehicleDateSlot.fields.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`vehicleDateSlot has no field ${name}`);
  return found;
};

/** One template row: a vehicle type in a shift, with its counts (the slot's own fields). */
export const slotTemplate: ChildDef = {
  name: 'template',
  label: 'แม่แบบต่อวัน (ประเภทรถ × กะ × จำนวน)',
  fields: [field('vehicleTypeId'), field('shiftOfDayId'), field('total'), field('special')],
};

export const MAX_GENERATION_DAYS = 62;

export interface GenerationInput {
  readonly dateFrom?: string | null;
  readonly dateTo?: string | null;
  readonly shipCondId?: string | null;
  readonly routeConfigId?: string | null;
  readonly template?: readonly Record<string, unknown>[];
}

/** Calendar days from `from` to `to` inclusive, one past the most a generation takes at the most. */
export const daysBetween = (from: string, to: string): string[] =>
  dayRange(from, to, MAX_GENERATION_DAYS + 1);

/** Thai messages of what is missing before a preview can be made. */
export function generationErrors(input: GenerationInput): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!input.dateFrom) errors.dateFrom = 'กรุณาระบุ วันที่เริ่มต้น';
  if (!input.dateTo) errors.dateTo = 'กรุณาระบุ วันที่สิ้นสุด';
  if (input.dateFrom && input.dateTo && input.dateFrom > input.dateTo)
    errors.dateTo = 'วันที่สิ้นสุด ต้องไม่ก่อนวันที่เริ่มต้น';
  else if (
    input.dateFrom &&
    input.dateTo &&
    daysBetween(input.dateFrom, input.dateTo).length > MAX_GENERATION_DAYS
  )
    errors.dateTo = `สร้างได้ครั้งละไม่เกิน ${MAX_GENERATION_DAYS} วัน`;
  if (!input.shipCondId) errors.shipCondId = 'กรุณาระบุ Ship Cond';
  if (!input.template?.length) errors.template = 'กรุณาเพิ่มแม่แบบอย่างน้อย 1 แถว';
  return errors;
}

/** The slot records the range and template make, in date order, as POST bodies. */
export function generateSlots(input: GenerationInput): Record<string, unknown>[] {
  if (!input.dateFrom || !input.dateTo) return [];
  return daysBetween(input.dateFrom, input.dateTo).flatMap((shiftDate) =>
    (input.template ?? []).map((row) => ({
      shiftDate,
      vehicleTypeId: row.vehicleTypeId ?? null,
      shiftOfDayId: row.shiftOfDayId ?? null,
      total: row.total ?? null,
      special: row.special ?? null,
      shipCondId: input.shipCondId ?? null,
      routeConfigId: input.routeConfigId ?? null,
    })),
  );
}
