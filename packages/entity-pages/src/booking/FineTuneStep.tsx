import { Button } from '@lms/design-system';
import { useState } from 'react';
import styled from 'styled-components';
import { ApiError } from '../api/ApiError.ts';
import { useEntityOptions } from '../data/useEntityData.ts';
import { messagesOf, useBookingApi, useDraft, useSuggestion } from './bookingApi.ts';
import { allocationErrors, moveLine, withAllocation, withLineQty } from './draftEdits.ts';
import { thaiDay } from './format.ts';
import { Actions, Alert, Messages, NativeField, Panel, Stack, TableScroll, useCanBook } from './layout.tsx';
import { AllocationSummary } from './OptionCard.tsx';
import { Totals } from './Totals.tsx';
import type { Allocation, DraftAllocation, DraftAnswer } from './types.ts';

export interface FineTuneStepProps {
  readonly draftId: string;
  readonly onNext: () => void;
  readonly onBack: () => void;
}

interface SlotChoice {
  readonly slotId: string;
  readonly label: string;
}

/** Slots the planner may move an allocation to: every slot the suggestion offered, plus the current ones. */
function slotChoices(current: readonly (Allocation | null)[], offered: readonly Allocation[]): SlotChoice[] {
  const choices = new Map<string, SlotChoice>();
  for (const allocation of [...current, ...offered]) {
    if (!allocation || choices.has(allocation.slotId)) continue;
    choices.set(allocation.slotId, {
      slotId: allocation.slotId,
      label: `${thaiDay(allocation.date)} · ${allocation.shiftName} · ${allocation.vehicleTypeName}`,
    });
  }
  return [...choices.values()];
}

/** Step 3: move lines and quantities between allocations, change slots and vehicles, set delivery times; every edit is re-checked by the server. */
export function FineTuneStep({ draftId, onNext, onBack }: FineTuneStepProps) {
  const booking = useBookingApi();
  const canBook = useCanBook();
  const draft = useDraft(draftId);
  const suggestion = useSuggestion(draft.data?.draft.request);
  const orderIds = draft.data?.draft.request.deliveryOrderIds ?? [];
  const orders = useEntityOptions(
    'deliveryOrder',
    { ids: orderIds, size: Math.max(orderIds.length, 1) },
    orderIds.length > 0,
  );
  const [attempt, setAttempt] = useState<readonly DraftAllocation[] | null>(null);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [failure, setFailure] = useState<readonly string[] | null>(null);
  const [saving, setSaving] = useState(false);

  if (draft.error)
    return (
      <Alert>
        <Messages messages={draft.error.messages} />
      </Alert>
    );
  if (!draft.data) return <p role="status">กำลังโหลดร่างการจอง...</p>;
  const { draft: saved, evaluation } = draft.data;
  const allocations = attempt ?? saved.allocations;
  const evaluated = evaluation.allocations.map((result) => (result.ok ? result.allocation : null));
  const offered = suggestion.data?.options.flatMap((option) => option.allocations) ?? [];
  const choices = slotChoices(evaluated, offered);
  const orderLabel = (id: string) => orders.data?.find((order) => order.id === id)?.label ?? id.slice(0, 8);

  const save = async (next: DraftAllocation[]) => {
    setSaving(true);
    setFailure(null);
    try {
      const answer: DraftAnswer = await booking.saveAllocations(draftId, saved.version, next);
      await draft.mutate(answer, { revalidate: false });
      setAttempt(null);
      setErrors({});
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setAttempt(next);
        setErrors(allocationErrors(error.fieldErrors));
        if (Object.keys(allocationErrors(error.fieldErrors)).length === 0) setFailure(error.messages);
      } else {
        setFailure(messagesOf(error));
        if (error instanceof ApiError && error.status === 409) await draft.mutate();
      }
    } finally {
      setSaving(false);
    }
  };
  const undo = () => {
    setAttempt(null);
    setErrors({});
    setFailure(null);
  };

  return (
    <Stack aria-busy={saving}>
      {allocations.map((allocation, index) => {
        const figures = attempt ? null : evaluated[index];
        const error = errors[index];
        const headingId = `allocation-${index}`;
        return (
          <Panel
            // biome-ignore lint/suspicious/noArrayIndexKey: an allocation is identified by its position in the draft
            key={`${allocation.slotId}-${index}`}
            aria-labelledby={headingId}
            data-broken={error ? '' : undefined}
          >
            <h3 id={headingId}>ช่วงรถที่ {index + 1}</h3>
            {error && (
              <Alert>
                <p>{error}</p>
              </Alert>
            )}
            {figures && <AllocationSummary allocation={figures} />}
            <Controls>
              <NativeField>
                วัน · กะ · ประเภทรถ
                <select
                  value={allocation.slotId}
                  disabled={!canBook || saving}
                  onChange={(event) =>
                    save(withAllocation(allocations, index, { slotId: event.target.value }))
                  }
                >
                  {choices.map((choice) => (
                    <option key={choice.slotId} value={choice.slotId}>
                      {choice.label}
                    </option>
                  ))}
                </select>
              </NativeField>
              <NativeField>
                จำนวนรถ (คัน)
                <input
                  key={`vehicles-${allocation.vehicles}`}
                  type="number"
                  min={1}
                  step={1}
                  defaultValue={allocation.vehicles}
                  disabled={!canBook || saving}
                  onBlur={(event) => {
                    const vehicles = Number(event.target.value);
                    if (vehicles >= 1 && vehicles !== allocation.vehicles)
                      save(withAllocation(allocations, index, { vehicles }));
                  }}
                />
              </NativeField>
              <NativeField>
                เวลาส่งสินค้า
                <input
                  key={`time-${allocation.deliveryTime ?? ''}`}
                  type="time"
                  defaultValue={allocation.deliveryTime ?? ''}
                  disabled={!canBook || saving}
                  onBlur={(event) => {
                    const deliveryTime = event.target.value || null;
                    if (deliveryTime !== (allocation.deliveryTime ?? null))
                      save(withAllocation(allocations, index, { deliveryTime }));
                  }}
                />
              </NativeField>
            </Controls>
            <TableScroll>
              <table aria-label={`รายการในช่วงรถที่ ${index + 1}`}>
                <thead>
                  <tr>
                    <th scope="col">ใบส่งสินค้า</th>
                    <th scope="col">จำนวน</th>
                    <th scope="col">ย้ายไปช่วงรถ</th>
                  </tr>
                </thead>
                <tbody>
                  {allocation.lines.map((line) => (
                    <tr key={line.lineId}>
                      <td>{orderLabel(line.deliveryOrderId)}</td>
                      <td>
                        <input
                          key={`qty-${line.qty}`}
                          aria-label={`จำนวนของ ${orderLabel(line.deliveryOrderId)} ในช่วงรถที่ ${index + 1}`}
                          type="number"
                          min={0}
                          defaultValue={line.qty}
                          disabled={!canBook || saving}
                          onBlur={(event) => {
                            const qty = Number(event.target.value);
                            if (qty > 0 && qty !== line.qty)
                              save(withLineQty(allocations, index, line.lineId, qty));
                          }}
                        />
                      </td>
                      <td>
                        <select
                          aria-label={`ย้าย ${orderLabel(line.deliveryOrderId)} ไปช่วงรถอื่น`}
                          value=""
                          disabled={!canBook || saving || allocations.length < 2}
                          onChange={(event) =>
                            save(
                              moveLine(allocations, index, Number(event.target.value), line.lineId, line.qty),
                            )
                          }
                        >
                          <option value="">ไม่ย้าย</option>
                          {allocations.map((_, target) =>
                            target === index ? null : (
                              // biome-ignore lint/suspicious/noArrayIndexKey: allocations are identified by position in the draft
                              <option key={target} value={target}>
                                ช่วงรถที่ {target + 1}
                              </option>
                            ),
                          )}
                        </select>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </Panel>
        );
      })}
      {failure && (
        <Alert>
          <Messages messages={failure} />
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

const Controls = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space[3]};
  & > label:first-child { grid-column: span 2; }
  @media (max-width: 480px) { & > label:first-child { grid-column: auto; } }
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
