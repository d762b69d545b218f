import { type FieldOption, NumberField, TimeField } from '@lms/design-system';
import { FieldRow } from '../../shared/layout.tsx';
import type { DraftAllocation } from '../../shared/types.ts';
import { SlotPicker } from './SlotPicker.tsx';
import { useEditOnBlur } from './useEditOnBlur.ts';

/** An allocation's own settings: its slot, how many vehicles, when to deliver. */
export function AllocationControls({
  allocation,
  slotOptions,
  shiftHours,
  timeError,
  isDisabled,
  onChange,
}: {
  readonly allocation: DraftAllocation;
  readonly slotOptions: readonly FieldOption[];
  /** The shift's hours (`08:00–12:00`), shown under the delivery time. */
  readonly shiftHours: string | undefined;
  /** The server's refusal of the delivery time, shown under the field. */
  readonly timeError: string | undefined;
  readonly isDisabled: boolean;
  readonly onChange: (change: Partial<DraftAllocation>) => void;
}) {
  return (
    <FieldRow>
      <SlotPicker
        label="วัน · กะ · ประเภทรถ"
        options={slotOptions}
        value={allocation.slotId}
        isDisabled={isDisabled}
        onChange={(slotId) => onChange({ slotId })}
      />
      <VehiclesField
        key={`vehicles-${allocation.vehicles}`}
        vehicles={allocation.vehicles}
        isDisabled={isDisabled}
        onChange={(vehicles) => onChange({ vehicles })}
      />
      <DeliveryTimeField
        key={`time-${allocation.deliveryTime ?? ''}`}
        time={allocation.deliveryTime ?? null}
        shiftHours={shiftHours}
        error={timeError}
        isDisabled={isDisabled}
        onChange={(deliveryTime) => onChange({ deliveryTime })}
      />
    </FieldRow>
  );
}

function VehiclesField({
  vehicles,
  isDisabled,
  onChange,
}: {
  readonly vehicles: number;
  readonly isDisabled: boolean;
  readonly onChange: (vehicles: number) => void;
}) {
  const field = useEditOnBlur<number | null>(vehicles, (typed) => {
    if (typed !== null) onChange(typed);
  });
  return <NumberField label="จำนวนรถ (คัน)" {...field} scale={0} minValue={1} isDisabled={isDisabled} />;
}

function DeliveryTimeField({
  time,
  shiftHours,
  error,
  isDisabled,
  onChange,
}: {
  readonly time: string | null;
  readonly shiftHours: string | undefined;
  readonly error: string | undefined;
  readonly isDisabled: boolean;
  readonly onChange: (time: string | null) => void;
}) {
  const field = useEditOnBlur(time, onChange);
  return (
    <TimeField
      label="เวลาส่งสินค้า"
      {...field}
      description={shiftHours ? `ภายในเวลาของกะ ${shiftHours}` : undefined}
      error={error}
      isDisabled={isDisabled}
    />
  );
}
