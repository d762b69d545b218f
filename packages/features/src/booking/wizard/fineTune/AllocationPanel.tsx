import type { FieldOption } from '@lms/design-system';
import { Alert } from '@lms/design-system';
import { Panel } from '../../shared/layout.tsx';
import type { Allocation, DraftAllocation } from '../../shared/types.ts';
import { AllocationSummary } from '../suggestion/OptionCard.tsx';
import { AllocationControls } from './AllocationControls.tsx';
import { AllocationLines } from './AllocationLines.tsx';
import { moveLine, withAllocation, withLineQty } from './draftEdits.ts';
import { NewAllocationForm } from './NewAllocationForm.tsx';

/** The heading of allocation `index`'s panel: focusable, so focus can land on a new allocation. */
export const allocationHeadingId = (index: number) => `allocation-${index}`;

/** The split form of one panel: the line it is open for, and what opening, closing and moving do. */
export interface LineSplit {
  readonly lineId: string | null;
  readonly toggle: (lineId: string) => void;
  readonly close: () => void;
  readonly move: (lineId: string, qty: number, slotId: string) => void;
}

export interface AllocationPanelProps {
  /** The draft's allocations as shown (saved, or the refused attempt): every edit is of all of them. */
  readonly allocations: readonly DraftAllocation[];
  readonly index: number;
  /** The server's figures for this allocation; null while a refused attempt is on screen. */
  readonly figures: Allocation | null;
  /** The server's refusal for this allocation (`errors["allocations.<i>"]`). */
  readonly error: string | undefined;
  /** The refused edit was this allocation's delivery time: the message stands under that field. */
  readonly isTimeError: boolean;
  readonly slotOptions: readonly FieldOption[];
  readonly shiftHours: string | undefined;
  readonly orderLabel: (deliveryOrderId: string) => string;
  readonly isDisabled: boolean;
  readonly split: LineSplit;
  readonly onEdit: (next: DraftAllocation[], deliveryTimeOf: number | null) => void;
}

/** One allocation of the draft: its figures, its settings, its lines and the form that splits one off. */
export function AllocationPanel({
  allocations,
  index,
  figures,
  error,
  isTimeError,
  slotOptions,
  shiftHours,
  orderLabel,
  isDisabled,
  split,
  onEdit,
}: AllocationPanelProps) {
  const allocation = allocations[index];
  if (!allocation) return null;
  const headingId = allocationHeadingId(index);
  const splitLine = allocation.lines.find((line) => line.lineId === split.lineId);
  return (
    <Panel aria-labelledby={headingId} data-broken={error ? '' : undefined}>
      <h2 id={headingId} tabIndex={-1}>
        ช่วงรถที่ {index + 1}
      </h2>
      {error && !isTimeError && (
        <Alert>
          <p>{error}</p>
        </Alert>
      )}
      {figures && <AllocationSummary allocation={figures} />}
      <AllocationControls
        allocation={allocation}
        slotOptions={slotOptions}
        shiftHours={shiftHours}
        timeError={isTimeError ? error : undefined}
        isDisabled={isDisabled}
        onChange={(change) =>
          onEdit(withAllocation(allocations, index, change), 'deliveryTime' in change ? index : null)
        }
      />
      <AllocationLines
        lines={allocation.lines}
        index={index}
        allocationCount={allocations.length}
        orderLabel={orderLabel}
        splitLineId={splitLine?.lineId ?? null}
        isDisabled={isDisabled}
        onQtyChange={(lineId, qty) => onEdit(withLineQty(allocations, index, lineId, qty), null)}
        onMove={(line, target) => onEdit(moveLine(allocations, index, target, line.lineId, line.qty), null)}
        onSplitToggle={split.toggle}
      />
      {splitLine && (
        <NewAllocationForm
          key={splitLine.lineId}
          lineLabel={orderLabel(splitLine.deliveryOrderId)}
          available={splitLine.qty}
          defaultSlotId={allocation.slotId}
          slotOptions={slotOptions}
          isDisabled={isDisabled}
          onMove={(qty, slotId) => split.move(splitLine.lineId, qty, slotId)}
          onCancel={split.close}
        />
      )}
    </Panel>
  );
}
