import { Button, ConfirmDialog, TimeField, useSnackbar } from '@lms/design-system';
import { featureRoles, phrase, shipmentPlanningApi, shipmentStages, stageFieldNames } from '@lms/domain';
import { type ApiError, call, type EntityRecord, useApi, useSession } from '@lms/entity-pages';
import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { newUuid as tapId, unanswered } from '../offline/connection.ts';
import {
  answerTap,
  enqueueTap,
  flushTaps,
  pendingTaps,
  type QueuedTap,
  type SendOutcome,
  stageTapText,
  tapInstant,
} from './stageQueue.ts';

export { stageTapText };

/** The server asks about a tap's time (409 with `confirmUnusual`: docs/planning.md "Stage times"). */
const QUESTION_STATUS = 409;

/**
 * "บันทึกเวลาจริง" on a shipment's page (issue 19 item 4): one tap records the next stage at the
 * tap's own time, or at the time typed beside the button (an earlier one fixed later in the form).
 * Taps wait in the phone's storage while there is no signal and are sent, in
 * order, when it is back (the server records a resent tap once). A time the server finds unusual
 * for the shipment's planned day and shift is asked about: recorded only when the driver says so.
 */
export function StageTaps({
  record,
  onRecorded,
}: {
  readonly record: EntityRecord;
  readonly onRecorded: () => void;
}) {
  const api = useApi();
  const { branchId, user } = useSession();
  const snackbar = useSnackbar();
  const [typed, setTyped] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(() =>
    pendingTaps(localStorage).filter((t) => t.shipmentId === record.id),
  );
  const canRecord = !!user && featureRoles.shipmentPlanning.edit.some((role) => user.roles.includes(role));

  const send = useCallback(
    async (tap: QueuedTap): Promise<SendOutcome> => {
      try {
        await call(api, shipmentPlanningApi.recordStage, {
          params: { id: tap.shipmentId },
          body: {
            id: tap.id,
            stage: tap.stage,
            at: tap.at,
            ...(tap.confirmUnusual ? { confirmUnusual: true } : {}),
          },
          query: { branchId: tap.branchId },
        });
        return { answered: true, ok: true };
      } catch (error) {
        if (unanswered(error)) return { answered: false };
        const { status, messages } = error as ApiError;
        if (status === QUESTION_STATUS && messages[0]) return { answered: true, question: messages[0] };
        return { answered: true, ok: false, messages };
      }
    },
    [api],
  );

  const flush = useCallback(async () => {
    const result = await flushTaps(localStorage, send);
    setWaiting(pendingTaps(localStorage).filter((t) => t.shipmentId === record.id));
    if (result.refused.length) snackbar.error(result.refused);
    if (result.sent) onRecorded();
  }, [send, record.id, snackbar, onRecorded]);

  useEffect(() => {
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [flush]);

  if (!canRecord || !branchId) return null;
  const asked = waiting.find((t) => t.question);
  const answer = async (keep: boolean) => {
    if (!asked) return;
    answerTap(localStorage, asked.id, keep);
    await flush();
  };
  const queued = new Set(waiting.map((t) => t.stage));
  const next = shipmentStages.find(({ key }) => !record[stageFieldNames(key).actDate] && !queued.has(key));
  const tap = async () => {
    if (!next) return;
    enqueueTap(localStorage, {
      id: tapId(),
      stage: next.key,
      at: tapInstant(new Date(), typed).toISOString(),
      shipmentId: record.id,
      branchId,
    });
    setTyped(null);
    await flush();
  };
  return (
    <Taps>
      {next ? (
        <>
          <TimeField
            label={phrase('เวลาจริงของ', next.label)}
            description="เว้นว่าง = เวลาที่กด"
            value={typed}
            onChange={setTyped}
          />
          <Button onPress={tap}>บันทึกเวลาจริง: {next.label}</Button>
        </>
      ) : (
        <span>บันทึกเวลาจริงครบทุกขั้นตอนแล้ว</span>
      )}
      <ConfirmDialog
        isOpen={!!asked}
        title={stageTapText.questionTitle}
        message={asked?.question}
        confirmLabel={stageTapText.record}
        cancelLabel={stageTapText.drop}
        onConfirm={() => answer(true)}
        onCancel={() => answer(false)}
      />
      {waiting.length > 0 && !asked && (
        <span role="status">
          รอส่ง {waiting.length} รายการเมื่อมีสัญญาณ (
          {waiting.map((t) => shipmentStages.find((s) => s.key === t.stage)?.label).join(', ')})
        </span>
      )}
    </Taps>
  );
}

const Taps = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[2]};
`;
