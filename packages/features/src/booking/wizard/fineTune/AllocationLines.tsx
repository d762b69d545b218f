import { Button, NumberField, SelectField } from '@lms/design-system';
import styled from 'styled-components';
import { TableScroll } from '../../shared/layout.tsx';
import { lineQtyScale } from '../../shared/lineQuantity.ts';
import type { DraftLine } from '../../shared/types.ts';
import { NEW_ALLOCATION_FORM_ID } from './NewAllocationForm.tsx';
import { useEditOnBlur } from './useEditOnBlur.ts';

/** The id of a line's "ย้ายไปช่วงรถใหม่" button, where focus returns when its form closes. */
export const splitButtonId = (index: number, lineId: string) => `split-${index}-${lineId}`;

/**
 * The lines of allocation `index`: each with its quantity, "move to allocation n" and the button
 * that opens the form splitting it into a new allocation.
 */
export function AllocationLines({
  lines,
  index,
  allocationCount,
  orderLabel,
  splitLineId,
  isDisabled,
  onQtyChange,
  onMove,
  onSplitToggle,
}: {
  readonly lines: readonly DraftLine[];
  readonly index: number;
  readonly allocationCount: number;
  readonly orderLabel: (deliveryOrderId: string) => string;
  /** The line whose split form is open under the table. */
  readonly splitLineId: string | null;
  readonly isDisabled: boolean;
  readonly onQtyChange: (lineId: string, qty: number) => void;
  /** Moves the whole line to allocation `target`. */
  readonly onMove: (line: DraftLine, target: number) => void;
  readonly onSplitToggle: (lineId: string) => void;
}) {
  const here = `ช่วงรถที่ ${index + 1}`;
  const targets = Array.from({ length: allocationCount }, (_, target) => target)
    .filter((target) => target !== index)
    .map((target) => ({ id: target, label: `ช่วงรถที่ ${target + 1}` }));
  return (
    <TableScroll>
      <table aria-label={`รายการใน${here}`}>
        <thead>
          <tr>
            <th scope="col">ใบส่งสินค้า</th>
            <th scope="col">จำนวน</th>
            <th scope="col">ย้ายไปช่วงรถ</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const order = orderLabel(line.deliveryOrderId);
            const open = splitLineId === line.lineId;
            return (
              <tr key={line.lineId}>
                <td>{order}</td>
                <QtyCell>
                  <LineQtyField
                    key={`qty-${line.qty}`}
                    label={`จำนวนของ ${order} ใน${here}`}
                    qty={line.qty}
                    isDisabled={isDisabled}
                    onChange={(qty) => onQtyChange(line.lineId, qty)}
                  />
                </QtyCell>
                <td>
                  <MoveCell>
                    <MoveSelect
                      label={`ย้าย ${order} ไปช่วงรถอื่น`}
                      isLabelHidden
                      placeholder="ไม่ย้าย"
                      options={targets}
                      value={null}
                      isDisabled={isDisabled || targets.length === 0}
                      onChange={(target) => {
                        if (target !== null) onMove(line, Number(target));
                      }}
                    />
                    <Button
                      id={splitButtonId(index, line.lineId)}
                      size="sm"
                      variant="ghost"
                      aria-label={`ย้ายไปช่วงรถใหม่: ${order} จาก${here}`}
                      aria-expanded={open}
                      aria-controls={open ? NEW_ALLOCATION_FORM_ID : undefined}
                      isDisabled={isDisabled}
                      onPress={() => onSplitToggle(line.lineId)}
                    >
                      ย้ายไปช่วงรถใหม่
                    </Button>
                  </MoveCell>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** A line's quantity in the DO line's unit, sent when the field is left; 0 or less is not an edit. */
function LineQtyField({
  label,
  qty,
  isDisabled,
  onChange,
}: {
  readonly label: string;
  readonly qty: number;
  readonly isDisabled: boolean;
  readonly onChange: (qty: number) => void;
}) {
  const field = useEditOnBlur<number | null>(qty, (typed) => {
    if (typed !== null && typed > 0) onChange(typed);
  });
  // The column header names it on screen; the label names it for screen readers.
  return (
    <NumberField
      label={label}
      isLabelHidden
      {...field}
      scale={lineQtyScale}
      minValue={0}
      isDisabled={isDisabled}
    />
  );
}

/** Wide enough for a quantity in the thousands with its decimals, no wider: the rest goes to the other columns. */
const QtyCell = styled.td`
  width: 160px;
  min-width: 120px;
`;

/** Kept on one line: on a phone the table scrolls sideways rather than break the button's label. */
const MoveCell = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  white-space: nowrap;
`;

const MoveSelect = styled(SelectField)`
  min-width: 150px;
`;
