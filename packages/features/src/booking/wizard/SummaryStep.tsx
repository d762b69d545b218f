import { Alert, Button, DisabledReason } from '@lms/design-system';
import { messagesOfError } from '@lms/domain';
import { ApiError, useCanBook, useEntityOptions } from '@lms/entity-pages';
import { useState } from 'react';
import useSWR from 'swr';
import { useBookingApi } from '../shared/bookingApi.ts';
import { Actions, Messages, Panel, Stack, TableScroll } from '../shared/layout.tsx';
import type { DraftAnswer } from '../shared/types.ts';
import { AllocationSummary } from './suggestion/OptionCard.tsx';
import { Totals } from './Totals.tsx';

export interface SummaryStepProps {
  readonly draftId: string;
  /** The booking made: its id (for its page) and its number. */
  readonly onConfirmed: (booking: { readonly id: string; readonly docNo: string }) => void;
  readonly onBack: () => void;
  /** After a 409: a fresh suggestion for the same DOs (the draft keeps the choice). */
  readonly onFreshSuggestion: () => void;
}

export const CAPACITY_GONE = 'ความจุของรถถูกจองไปแล้วระหว่างที่คุณทำรายการ ยังไม่ได้บันทึกการจองนี้ กรุณาขอคำแนะนำใหม่';

export const KEEP_WHAT_FITS = 'ช่วงรถที่ยังว่างพอยังอยู่ในร่างนี้ตามที่เลือกไว้: กลับไปปรับแต่งเฉพาะช่วงรถที่เต็ม หรือขอคำแนะนำใหม่';

/** Step 4: everything that will be booked, with totals and fee; confirm. */
export function SummaryStep({ draftId, onConfirmed, onBack, onFreshSuggestion }: SummaryStepProps) {
  const booking = useBookingApi();
  const canBook = useCanBook();
  const summary = useSWR<DraftAnswer, ApiError>(['doBooking', 'summary', booking.branchId, draftId], () =>
    booking.summary(draftId),
  );
  const orderIds = summary.data?.draft.request.deliveryOrderIds ?? [];
  const orders = useEntityOptions(
    'deliveryOrder',
    { ids: orderIds, size: Math.max(orderIds.length, 1) },
    orderIds.length > 0,
  );
  const [confirming, setConfirming] = useState(false);
  const [conflict, setConflict] = useState<readonly string[] | null>(null);
  const [failure, setFailure] = useState<readonly string[] | null>(null);

  if (summary.error)
    return (
      <Alert>
        <Messages messages={summary.error.messages} />
      </Alert>
    );
  if (!summary.data) return <p role="status">กำลังโหลดสรุปการจอง...</p>;
  const { draft, evaluation } = summary.data;
  const orderLabel = (id: string) => orders.data?.find((order) => order.id === id)?.label ?? id.slice(0, 8);

  const confirm = async () => {
    setConfirming(true);
    setConflict(null);
    setFailure(null);
    try {
      const answer = await booking.confirm(draftId);
      setConfirming(false);
      onConfirmed({ id: answer.id, docNo: answer.docNo });
    } catch (error) {
      setConfirming(false);
      if (error instanceof ApiError && error.status === 409) {
        setConflict(error.messages);
        // Re-checked figures show which allocation lost its room; the others still fit as chosen.
        void summary.mutate();
      } else setFailure(messagesOfError(error));
    }
  };

  return (
    <Stack>
      {evaluation.allocations.map((result, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an allocation is identified by its position in the draft
        <Panel key={`${draft.allocations[index]?.slotId}-${index}`} aria-labelledby={`summary-${index}`}>
          <h2 id={`summary-${index}`}>ช่วงรถที่ {index + 1}</h2>
          {result.ok ? (
            <>
              <AllocationSummary allocation={result.allocation} />
              <p>เวลาส่งสินค้า: {result.deliveryTime ?? 'ไม่ได้ระบุ'}</p>
              <TableScroll>
                <table aria-label={`รายการในช่วงรถที่ ${index + 1}`}>
                  <thead>
                    <tr>
                      <th scope="col">ใบส่งสินค้า</th>
                      <th scope="col">จำนวน</th>
                    </tr>
                  </thead>
                  <tbody>
                    {result.allocation.lines.map((line) => (
                      <tr key={line.lineId}>
                        <td>{orderLabel(line.deliveryOrderId)}</td>
                        <td data-number="">{line.qty}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            </>
          ) : (
            <Alert>
              <p>{result.message}</p>
            </Alert>
          )}
        </Panel>
      ))}
      {evaluation.uncovered.length > 0 && (
        <Alert tone="warning">
          <Messages messages={evaluation.uncovered} />
        </Alert>
      )}
      <Totals totals={evaluation.totals} />
      {conflict && (
        <Alert>
          <p>{CAPACITY_GONE}</p>
          <Messages messages={conflict} />
          <p>{KEEP_WHAT_FITS}</p>
        </Alert>
      )}
      {failure && (
        <Alert>
          <Messages messages={failure} />
        </Alert>
      )}
      <Actions>
        <Button variant="secondary" onPress={onBack}>
          กลับไปปรับแต่ง
        </Button>
        {conflict ? (
          <Button variant="primary" onPress={onFreshSuggestion}>
            ขอคำแนะนำใหม่
          </Button>
        ) : (
          <DisabledReason reason={confirmBlockedBy(canBook, evaluation.ok)}>
            <Button variant="primary" isDisabled={!canBook || !evaluation.ok || confirming} onPress={confirm}>
              {confirming ? 'กำลังยืนยัน...' : 'ยืนยันการจอง'}
            </Button>
          </DisabledReason>
        )}
      </Actions>
    </Stack>
  );
}

/** Why "ยืนยันการจอง" is disabled, in its tooltip (issue 22 item 9); null while it may be pressed. */
function confirmBlockedBy(canBook: boolean, complete: boolean): string | null {
  if (!canBook) return 'ยืนยันไม่ได้: คุณมีสิทธิ์ดูการจองเท่านั้น ไม่มีสิทธิ์จอง';
  if (!complete) return 'ยืนยันไม่ได้: การจองยังไม่ครบทุก DO (ดูรายการที่เหลือด้านบน)';
  return null;
}
