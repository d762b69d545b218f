import { Button, type FieldOption, NumberField } from '@lms/design-system';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Actions, FieldRow } from '../../shared/layout.tsx';
import { lineQtyScale, qtyText } from '../../shared/lineQuantity.ts';
import { SlotPicker } from './SlotPicker.tsx';

export const NEW_ALLOCATION_FORM_ID = 'new-allocation-form';

/**
 * "Move to a new allocation": how much of the line, and which slot (the same picker as the
 * allocations'). Opens with the quantity field focused and selected; Escape or "ยกเลิก" closes it.
 */
export function NewAllocationForm({
  lineLabel,
  available,
  defaultSlotId,
  slotOptions,
  isDisabled,
  onMove,
  onCancel,
}: {
  readonly lineLabel: string;
  readonly available: number;
  readonly defaultSlotId: string;
  readonly slotOptions: readonly FieldOption[];
  readonly isDisabled: boolean;
  readonly onMove: (qty: number, slotId: string) => void;
  readonly onCancel: () => void;
}) {
  const [qty, setQty] = useState<number | null>(available);
  const [slotId, setSlotId] = useState(defaultSlotId);
  const [error, setError] = useState<string | undefined>(undefined);
  // NumberField takes no ref: its input is found inside this box.
  const qtyBox = useRef<HTMLDivElement>(null);
  const focusQty = () => {
    const input = qtyBox.current?.querySelector('input');
    input?.focus();
    input?.select();
  };
  useEffect(focusQty, []);
  const headingId = `${NEW_ALLOCATION_FORM_ID}-heading`;
  return (
    <NewAllocationBox
      id={NEW_ALLOCATION_FORM_ID}
      aria-labelledby={headingId}
      // The Thai message under the field says what is wrong, not the browser's bubble.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (qty === null || !(qty > 0) || qty > available) {
          setError(`จำนวนที่ย้ายต้องมากกว่า 0 และไม่เกิน ${qtyText(available)}`);
          focusQty();
          return;
        }
        onMove(qty, slotId);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onCancel();
      }}
    >
      <h4 id={headingId}>ย้าย {lineLabel} ไปช่วงรถใหม่</h4>
      <FieldRow>
        <div ref={qtyBox}>
          {/* No maxValue: a quantity over what the line has is refused with the message, not silently lowered. */}
          <NumberField
            label={`จำนวนที่ย้าย (มี ${qtyText(available)})`}
            value={qty}
            onChange={(next) => {
              setQty(next);
              setError(undefined);
            }}
            scale={lineQtyScale}
            minValue={0}
            error={error}
            isDisabled={isDisabled}
          />
        </div>
        <SlotPicker
          label="ช่วงรถใหม่: วัน · กะ · ประเภทรถ"
          options={slotOptions}
          value={slotId}
          isDisabled={isDisabled}
          onChange={setSlotId}
        />
      </FieldRow>
      <Actions>
        <Button variant="secondary" onPress={onCancel}>
          ยกเลิก
        </Button>
        <Button type="submit" isDisabled={isDisabled}>
          ย้ายไปช่วงรถใหม่
        </Button>
      </Actions>
    </NewAllocationBox>
  );
}

const NewAllocationBox = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[3]};
  border: 1px dashed ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  & > h4 { margin: 0; font-size: ${({ theme }) => theme.font.size.md}; }
`;
