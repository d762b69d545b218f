import { Alert, Button } from '@lms/design-system';
import { timeWindowLabel } from '@lms/domain';
import { useCanBook, useEntityOptions } from '@lms/entity-pages';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useSlotChoices } from '../shared/bookingApi.ts';
import { Actions, Messages, Stack } from '../shared/layout.tsx';
import type { Allocation, SlotChoice } from '../shared/types.ts';
import { useThaiDay } from '../shared/useThaiDay.ts';
import { splitButtonId } from './fineTune/AllocationLines.tsx';
import { AllocationPanel, allocationHeadingId } from './fineTune/AllocationPanel.tsx';
import { moveToNewAllocation } from './fineTune/draftEdits.ts';
import { slotOptions } from './fineTune/SlotPicker.tsx';
import { useDraftEdits } from './fineTune/useDraftEdits.ts';
import { Totals } from './Totals.tsx';

export interface FineTuneStepProps {
  readonly draftId: string;
  readonly onNext: () => void;
  readonly onBack: () => void;
}

/** Which line of which allocation the planner is splitting off into a new allocation. */
interface Splitting {
  readonly index: number;
  readonly lineId: string;
}

/** The hours of an allocation's shift, from the slot list or from its last evaluation. */
function shiftHours(
  choice: SlotChoice | undefined,
  figures: Allocation | null | undefined,
): string | undefined {
  const hours = choice ?? figures;
  return hours?.shiftStartTime && hours.shiftEndTime
    ? timeWindowLabel({ start: hours.shiftStartTime, end: hours.shiftEndTime })
    : undefined;
}

/** Focus for an element the next render draws: the form that had focus is gone by then. */
function useFocusAfterRender() {
  const [focusId, setFocusId] = useState<string | null>(null);
  useEffect(() => {
    if (!focusId) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);
  return setFocusId;
}

/** Step 3: move lines and quantities between allocations, change slots and vehicles, set delivery times; every edit is re-checked by the server. */
export function FineTuneStep({ draftId, onNext, onBack }: FineTuneStepProps) {
  const canBook = useCanBook();
  const edits = useDraftEdits(draftId);
  const { draft, attempt, saving } = edits;
  const slots = useSlotChoices(draftId);
  const orderIds = draft.data?.draft.request.deliveryOrderIds ?? [];
  const orders = useEntityOptions(
    'deliveryOrder',
    { ids: orderIds, size: Math.max(orderIds.length, 1) },
    orderIds.length > 0,
  );
  const [splitting, setSplitting] = useState<Splitting | null>(null);
  const focusLater = useFocusAfterRender();
  const thaiDay = useThaiDay();

  if (draft.error)
    return (
      <Alert>
        <Messages messages={draft.error.messages} />
      </Alert>
    );
  if (!draft.data) return <p role="status">กำลังโหลดร่างการจอง...</p>;
  const { evaluation } = draft.data;
  const allocations = attempt ?? draft.data.draft.allocations;
  const evaluated = evaluation.allocations.map((result) => (result.ok ? result.allocation : null));
  const choices = slots.data?.slots ?? [];
  const options = slotOptions(choices, attempt ? [] : evaluated, allocations, thaiDay);
  const orderLabel = (id: string) => orders.data?.find((order) => order.id === id)?.label ?? id.slice(0, 8);
  const slotsProblem = slots.error?.messages ?? (slots.data?.problem ? [slots.data.problem] : null);

  const split = async (from: Splitting, qty: number, slotId: string) => {
    const next = moveToNewAllocation(allocations, from.index, from.lineId, qty, slotId);
    setSplitting(null);
    await edits.save(next);
    // The new allocation is the last panel, saved or shown with the rule it breaks.
    focusLater(allocationHeadingId(next.length - 1));
  };
  const closeSplit = () => {
    if (splitting) focusLater(splitButtonId(splitting.index, splitting.lineId));
    setSplitting(null);
  };
  const undo = () => {
    setSplitting(null);
    edits.undo();
  };

  return (
    <Stack aria-busy={saving}>
      {slotsProblem && (
        <Alert tone="warning">
          <p>โหลดรายการช่วงรถที่ย้ายไปได้ไม่สำเร็จ</p>
          <Messages messages={slotsProblem} />
        </Alert>
      )}
      {allocations.map((allocation, index) => (
        <AllocationPanel
          // biome-ignore lint/suspicious/noArrayIndexKey: an allocation is identified by its position in the draft
          key={`${allocation.slotId}-${index}`}
          allocations={allocations}
          index={index}
          figures={attempt ? null : (evaluated[index] ?? null)}
          error={edits.errors[index]}
          isTimeError={edits.timeEdited === index}
          slotOptions={options}
          shiftHours={shiftHours(
            choices.find((choice) => choice.slotId === allocation.slotId),
            evaluated.find((figures) => figures?.slotId === allocation.slotId),
          )}
          orderLabel={orderLabel}
          isDisabled={!canBook || saving}
          split={{
            lineId: splitting?.index === index ? splitting.lineId : null,
            toggle: (lineId) =>
              splitting?.index === index && splitting.lineId === lineId
                ? closeSplit()
                : setSplitting({ index, lineId }),
            close: closeSplit,
            move: (lineId, qty, slotId) => split({ index, lineId }, qty, slotId),
          }}
          onEdit={edits.save}
        />
      ))}
      {edits.failure && (
        <Alert>
          <Messages messages={edits.failure} />
        </Alert>
      )}
      {attempt && (
        <Alert tone="warning">
          <p>การแก้ไขล่าสุดผิดกติกา ร่างการจองยังเป็นแบบเดิม แก้ไขให้ถูกต้องหรือยกเลิกการแก้ไข</p>
        </Alert>
      )}
      {!attempt && evaluation.uncovered.length > 0 && (
        <Alert tone="warning">
          <Messages messages={evaluation.uncovered} />
        </Alert>
      )}
      {!attempt && <Totals totals={evaluation.totals} />}
      <Actions>
        <Button variant="secondary" onPress={onBack}>
          กลับไปดูคำแนะนำ
        </Button>
        {attempt && (
          <Button variant="secondary" onPress={undo}>
            ยกเลิกการแก้ไข
          </Button>
        )}
        <Button variant="primary" isDisabled={!!attempt || !evaluation.ok || saving} onPress={onNext}>
          ถัดไป: สรุปการจอง
        </Button>
      </Actions>
      <Note>ตัวเลขทั้งหมดคำนวณใหม่โดยเซิร์ฟเวอร์ทุกครั้งที่แก้ไข</Note>
    </Stack>
  );
}

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
