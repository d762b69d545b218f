import { type FieldOption, SelectField } from '@lms/design-system';
import { capacityText, compareShifts, timeWindowLabel } from '@lms/domain';
import styled from 'styled-components';
import { kg, thaiDay } from '../../shared/format.ts';
import type { Allocation, DraftAllocation, SlotChoice } from '../../shared/types.ts';

/** What a planner reads of a slot before moving there: shift and hours, vehicle type, what is left, status, or the rule it breaks. */
function slotOptionLabel(choice: SlotChoice): string {
  const hours = timeWindowLabel({ start: choice.shiftStartTime, end: choice.shiftEndTime });
  const state = choice.ruleBreak
    ? `จองไม่ได้: ${choice.ruleBreak.ruleLabel}`
    : `${capacityText(choice.utilization.percent, choice.utilization.statusLabel)} · เหลือ ${kg(choice.remaining.weight)}`;
  return `${choice.shiftName} ${hours} · ${choice.vehicleTypeName} · ${state}`;
}

/**
 * The slot picker's options under one heading a day: every slot of the horizon
 * (`GET doBooking/slots`), plus a draft's current slot when it is not among them (say, a day the
 * SLA has since passed).
 */
export function slotOptions(
  choices: readonly SlotChoice[],
  current: readonly (Allocation | null)[],
  allocations: readonly DraftAllocation[],
  /** A day's heading (`useThaiDay`: the user's era). */
  dayOf: (isoDay: string) => string = thaiDay,
): FieldOption[] {
  const dated = choices.map((choice) => ({
    date: choice.date,
    shift: { startTime: choice.shiftStartTime, name: choice.shiftName },
    id: choice.slotId,
    label: slotOptionLabel(choice),
  }));
  const known = new Set(choices.map((choice) => choice.slotId));
  for (const [index, allocation] of allocations.entries()) {
    if (known.has(allocation.slotId)) continue;
    known.add(allocation.slotId);
    const figures = current[index];
    dated.push(
      figures?.slotId === allocation.slotId
        ? {
            date: figures.date,
            shift: { startTime: figures.shiftStartTime, name: figures.shiftName },
            id: figures.slotId,
            label: `${figures.shiftName} · ${figures.vehicleTypeName}`,
          }
        : { date: '', shift: { startTime: '', name: '' }, id: allocation.slotId, label: 'ช่วงรถเดิม' },
    );
  }
  // A day's slots in the shifts' one order (start time), as the calendars list them.
  return dated
    .sort((a, b) => a.date.localeCompare(b.date) || compareShifts(a.shift, b.shift))
    .map(({ date, id, label }) => ({ id, label, section: date ? dayOf(date) : 'อื่น ๆ' }));
}

/** The slot picker (day · shift · vehicle type, a heading a day): an allocation's own, and the new allocation's. */
function SlotSelect({
  label,
  options,
  value,
  isDisabled,
  onChange,
  className,
}: {
  readonly label: string;
  readonly options: readonly FieldOption[];
  readonly value: string;
  readonly isDisabled: boolean;
  readonly onChange: (slotId: string) => void;
  readonly className?: string;
}) {
  return (
    <SelectField
      label={label}
      options={options}
      value={value}
      isDisabled={isDisabled}
      onChange={(slotId) => {
        if (slotId !== null) onChange(String(slotId));
      }}
      {...(className ? { className } : {})}
    />
  );
}

/** Its labels are long: in a FieldRow it takes twice a field's room, and a line of its own on a phone. */
export const SlotPicker = styled(SlotSelect)`
  && { flex: 2 1 360px; }
`;
