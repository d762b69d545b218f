import { Button, TimeField } from '@lms/design-system';
import { timeWindowLabel } from '@lms/domain';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { ApiError } from '../api/ApiError.ts';
import { useEntityOptions } from '../data/useEntityData.ts';
import { messagesOf, useBookingApi, useDraft, useSlotChoices } from './bookingApi.ts';
import {
  allocationErrors,
  moveLine,
  moveToNewAllocation,
  withAllocation,
  withLineQty,
} from './draftEdits.ts';
import { kg, percent, thaiDay } from './format.ts';
import { Actions, Alert, Messages, NativeField, Panel, Stack, TableScroll, useCanBook } from './layout.tsx';
import { AllocationSummary } from './OptionCard.tsx';
import { Totals } from './Totals.tsx';
import type { Allocation, DraftAllocation, DraftAnswer, SlotChoice } from './types.ts';

export interface FineTuneStepProps {
  readonly draftId: string;
  readonly onNext: () => void;
  readonly onBack: () => void;
}

interface SlotOption {
  readonly slotId: string;
  readonly label: string;
}

interface SlotGroup {
  readonly label: string;
  readonly options: readonly SlotOption[];
}

/** What a planner reads of a slot before moving there: shift and hours, vehicle type, what is left, status, or the rule it breaks. */
function slotOptionLabel(choice: SlotChoice): string {
  const hours = timeWindowLabel({ start: choice.shiftStartTime, end: choice.shiftEndTime });
  const state = choice.ruleBreak
    ? `จองไม่ได้: ${choice.ruleBreak.ruleLabel}`
    : `${choice.utilization.statusLabel} ${percent(choice.utilization.percent)} · เหลือ ${kg(choice.remaining.weight)}`;
  return `${choice.shiftName} ${hours} · ${choice.vehicleTypeName} · ${state}`;
}

/**
 * The slot picker's groups, one per day: every slot of the horizon (`GET doBooking/slots`), plus
 * a draft's current slot when it is not among them (say, a day the SLA has since passed).
 */
function slotGroups(
  choices: readonly SlotChoice[],
  current: readonly (Allocation | null)[],
  allocations: readonly DraftAllocation[],
): SlotGroup[] {
  const groups = new Map<string, SlotOption[]>();
  const add = (date: string, option: SlotOption) => groups.set(date, [...(groups.get(date) ?? []), option]);
  for (const choice of choices) add(choice.date, { slotId: choice.slotId, label: slotOptionLabel(choice) });
  const known = new Set(choices.map((choice) => choice.slotId));
  for (const [index, allocation] of allocations.entries()) {
    if (known.has(allocation.slotId)) continue;
    known.add(allocation.slotId);
    const figures = current[index];
    if (figures?.slotId === allocation.slotId)
      add(figures.date, {
        slotId: figures.slotId,
        label: `${figures.shiftName} · ${figures.vehicleTypeName}`,
      });
    else add('', { slotId: allocation.slotId, label: 'ช่วงรถเดิม' });
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, options]) => ({ label: date ? thaiDay(date) : 'อื่น ๆ', options }));
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

/** The slot picker (day · shift · vehicle type, grouped by day): an allocation's own, and the new allocation's. */
function SlotSelect({
  groups,
  value,
  isDisabled,
  onChange,
}: {
  readonly groups: readonly SlotGroup[];
  readonly value: string;
  readonly isDisabled: boolean;
  readonly onChange: (slotId: string) => void;
}) {
  return (
    <select value={value} disabled={isDisabled} onChange={(event) => onChange(event.target.value)}>
      {groups.map((group) => (
        <optgroup key={group.label} label={group.label}>
          {group.options.map((option) => (
            <option key={option.slotId} value={option.slotId}>
              {option.label}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}

/** Which line of which allocation the planner is splitting off into a new allocation. */
interface Splitting {
  readonly index: number;
  readonly lineId: string;
}

const NEW_ALLOCATION_FORM_ID = 'new-allocation-form';
const splitButtonId = ({ index, lineId }: Splitting) => `split-${index}-${lineId}`;
const qtyText = (qty: number) => qty.toLocaleString('en-US', { maximumFractionDigits: 3 });

/**
 * "Move to a new allocation": how much of the line, and which slot (the same picker as the
 * allocations'). Opens with the quantity field focused and selected; Escape or "ยกเลิก" closes it.
 */
function NewAllocationForm({
  lineLabel,
  available,
  defaultSlotId,
  groups,
  isDisabled,
  onMove,
  onCancel,
}: {
  readonly lineLabel: string;
  readonly available: number;
  readonly defaultSlotId: string;
  readonly groups: readonly SlotGroup[];
  readonly isDisabled: boolean;
  readonly onMove: (qty: number, slotId: string) => void;
  readonly onCancel: () => void;
}) {
  const [qty, setQty] = useState(String(available));
  const [slotId, setSlotId] = useState(defaultSlotId);
  const [error, setError] = useState<string | null>(null);
  const qtyRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    qtyRef.current?.focus();
    qtyRef.current?.select();
  }, []);
  const headingId = `${NEW_ALLOCATION_FORM_ID}-heading`;
  const errorId = `${NEW_ALLOCATION_FORM_ID}-error`;
  return (
    <NewAllocationBox
      id={NEW_ALLOCATION_FORM_ID}
      aria-labelledby={headingId}
      // The Thai message below says what is wrong, not the browser's bubble.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const moved = Number(qty);
        if (!(moved > 0) || moved > available) {
          setError(`จำนวนที่ย้ายต้องมากกว่า 0 และไม่เกิน ${qtyText(available)}`);
          qtyRef.current?.focus();
          return;
        }
        onMove(moved, slotId);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onCancel();
      }}
    >
      <h4 id={headingId}>ย้าย {lineLabel} ไปช่วงรถใหม่</h4>
      <NewAllocationControls>
        <NativeField>
          จำนวนที่ย้าย (มี {qtyText(available)})
          <input
            ref={qtyRef}
            type="number"
            min={0}
            max={available}
            step="any"
            value={qty}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            disabled={isDisabled}
            onChange={(event) => {
              setQty(event.target.value);
              setError(null);
            }}
          />
        </NativeField>
        <NativeField>
          ช่วงรถใหม่: วัน · กะ · ประเภทรถ
          <SlotSelect groups={groups} value={slotId} isDisabled={isDisabled} onChange={setSlotId} />
        </NativeField>
      </NewAllocationControls>
      {error && (
        <FieldError id={errorId} role="alert">
          {error}
        </FieldError>
      )}
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

/**
 * Delivery time: typed into the design system's TimeField and sent when the field loses focus
 * (typing 09:30 passes through 09:03, which must not become an edit of its own).
 */
function DeliveryTimeField({
  value,
  hours,
  error,
  isDisabled,
  onCommit,
}: {
  readonly value: string | null;
  readonly hours: string | undefined;
  readonly error: string | undefined;
  readonly isDisabled: boolean;
  readonly onCommit: (time: string | null) => void;
}) {
  const [time, setTime] = useState(value);
  return (
    <TimeField
      label="เวลาส่งสินค้า"
      value={time}
      onChange={setTime}
      onBlur={() => {
        if (time !== value) onCommit(time);
      }}
      description={hours ? `ภายในเวลาของกะ ${hours}` : undefined}
      error={error}
      isDisabled={isDisabled}
    />
  );
}

/** Step 3: move lines and quantities between allocations, change slots and vehicles, set delivery times; every edit is re-checked by the server. */
export function FineTuneStep({ draftId, onNext, onBack }: FineTuneStepProps) {
  const booking = useBookingApi();
  const canBook = useCanBook();
  const draft = useDraft(draftId);
  const slots = useSlotChoices(draftId);
  const orderIds = draft.data?.draft.request.deliveryOrderIds ?? [];
  const orders = useEntityOptions(
    'deliveryOrder',
    { ids: orderIds, size: Math.max(orderIds.length, 1) },
    orderIds.length > 0,
  );
  const [attempt, setAttempt] = useState<readonly DraftAllocation[] | null>(null);
  const [errors, setErrors] = useState<Record<number, string>>({});
  // Which allocation's delivery time the refused edit changed: its message then stands under that field.
  const [timeEdited, setTimeEdited] = useState<number | null>(null);
  const [failure, setFailure] = useState<readonly string[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [splitting, setSplitting] = useState<Splitting | null>(null);
  // Where focus goes once the form that had it is gone: the new allocation's heading, or back to the button that opened it.
  const [focusId, setFocusId] = useState<string | null>(null);
  useEffect(() => {
    if (!focusId) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);

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
  const choices = slots.data?.slots ?? [];
  const groups = slotGroups(choices, attempt ? [] : evaluated, allocations);
  const orderLabel = (id: string) => orders.data?.find((order) => order.id === id)?.label ?? id.slice(0, 8);

  const save = async (next: DraftAllocation[], deliveryTimeOf: number | null = null) => {
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
        setTimeEdited(deliveryTimeOf);
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
    setSplitting(null);
    setAttempt(null);
    setErrors({});
    setFailure(null);
  };

  const split = async (from: Splitting, qty: number, slotId: string) => {
    const next = moveToNewAllocation(allocations, from.index, from.lineId, qty, slotId);
    setSplitting(null);
    await save(next);
    // The new allocation is the last panel, saved or shown with the rule it breaks.
    setFocusId(`allocation-${next.length - 1}`);
  };
  const closeSplit = () => {
    if (splitting) setFocusId(splitButtonId(splitting));
    setSplitting(null);
  };

  const slotsProblem = slots.error?.messages ?? (slots.data?.problem ? [slots.data.problem] : null);

  return (
    <Stack aria-busy={saving}>
      {slotsProblem && (
        <Alert tone="warning">
          <p>โหลดรายการช่วงรถที่ย้ายไปได้ไม่สำเร็จ</p>
          <Messages messages={slotsProblem} />
        </Alert>
      )}
      {allocations.map((allocation, index) => {
        const figures = attempt ? null : evaluated[index];
        const error = errors[index];
        const timeError = timeEdited === index ? error : undefined;
        const headingId = `allocation-${index}`;
        const splitLine =
          splitting?.index === index
            ? allocation.lines.find((line) => line.lineId === splitting.lineId)
            : undefined;
        return (
          <Panel
            // biome-ignore lint/suspicious/noArrayIndexKey: an allocation is identified by its position in the draft
            key={`${allocation.slotId}-${index}`}
            aria-labelledby={headingId}
            data-broken={error ? '' : undefined}
          >
            <h3 id={headingId} tabIndex={-1}>
              ช่วงรถที่ {index + 1}
            </h3>
            {error && !timeError && (
              <Alert>
                <p>{error}</p>
              </Alert>
            )}
            {figures && <AllocationSummary allocation={figures} />}
            <Controls>
              <NativeField>
                วัน · กะ · ประเภทรถ
                <SlotSelect
                  groups={groups}
                  value={allocation.slotId}
                  isDisabled={!canBook || saving}
                  onChange={(slotId) => save(withAllocation(allocations, index, { slotId }))}
                />
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
              <DeliveryTimeField
                key={`time-${allocation.deliveryTime ?? ''}`}
                value={allocation.deliveryTime ?? null}
                hours={shiftHours(
                  choices.find((choice) => choice.slotId === allocation.slotId),
                  evaluated.find((figures) => figures?.slotId === allocation.slotId),
                )}
                error={timeError}
                isDisabled={!canBook || saving}
                onCommit={(deliveryTime) => save(withAllocation(allocations, index, { deliveryTime }), index)}
              />
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
                  {allocation.lines.map((line) => {
                    const here = { index, lineId: line.lineId };
                    const open = splitLine?.lineId === line.lineId;
                    return (
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
                          <MoveCell>
                            <select
                              aria-label={`ย้าย ${orderLabel(line.deliveryOrderId)} ไปช่วงรถอื่น`}
                              value=""
                              disabled={!canBook || saving || allocations.length < 2}
                              onChange={(event) =>
                                save(
                                  moveLine(
                                    allocations,
                                    index,
                                    Number(event.target.value),
                                    line.lineId,
                                    line.qty,
                                  ),
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
                            <Button
                              id={splitButtonId(here)}
                              size="sm"
                              variant="ghost"
                              aria-label={`ย้ายไปช่วงรถใหม่: ${orderLabel(line.deliveryOrderId)} จากช่วงรถที่ ${index + 1}`}
                              aria-expanded={open}
                              aria-controls={open ? NEW_ALLOCATION_FORM_ID : undefined}
                              isDisabled={!canBook || saving}
                              onPress={() => (open ? closeSplit() : setSplitting(here))}
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
            {splitLine && (
              <NewAllocationForm
                key={splitLine.lineId}
                lineLabel={orderLabel(splitLine.deliveryOrderId)}
                available={splitLine.qty}
                defaultSlotId={allocation.slotId}
                groups={groups}
                isDisabled={!canBook || saving}
                onMove={(qty, slotId) => split({ index, lineId: splitLine.lineId }, qty, slotId)}
                onCancel={closeSplit}
              />
            )}
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

/** Kept on one line: on a phone the table scrolls sideways rather than break the button's label. */
const MoveCell = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  white-space: nowrap;
`;

const NewAllocationBox = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[3]};
  border: 1px dashed ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  & > h4 { margin: 0; font-size: ${({ theme }) => theme.font.size.md}; }
`;

const NewAllocationControls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
  & > label { min-width: 0; flex: 1 1 260px; }
  & > label:first-child { flex: 0 1 180px; }
  & select { min-width: 0; width: 100%; }
`;

const FieldError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.danger};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
