import { Alert, Button, TimeField } from '@lms/design-system';
import {
  phrase,
  type ReplanChange,
  type ReplanPlace,
  type ReplanPreview,
  type ReplanShift,
  replanMomentRefusal,
  shiftMoment,
  shiftSpan,
} from '@lms/domain';
import { useState } from 'react';
import styled from 'styled-components';
import { Actions, Messages, Panel } from '../booking/shared/layout.tsx';
import type { ReplanReview } from './useSlotPlanning.ts';

const KIND_LABELS: Record<ReplanChange['kind'], string> = {
  MOVED: 'ย้ายรถ',
  NEW: 'จุดส่งใหม่',
  ETA: 'เวลาถึงเปลี่ยน',
  DROPPED: 'ไม่ได้จัดลงรถ',
};

/** One change in words: which truck and trip before and after, and when the stop now starts. */
function describe(change: ReplanChange, preview: ReplanPreview): string {
  const plate = (id: string) => preview.plan.trucks.find((t) => t.id === id)?.licensePlate ?? '';
  // Thai words meet plates that may start with Thai: the spaces between are written out.
  const truck = (p: ReplanPlace) => phrase('รถ ', plate(p.vehicleId), p.trip > 1 ? ` เที่ยวที่ ${p.trip}` : '');
  const { before, after } = change;
  switch (change.kind) {
    case 'MOVED':
      return before && after
        ? phrase('จาก', truck(before), ' ไป', truck(after), ' ถึง ', after.start.time)
        : '';
    case 'NEW':
      return after ? phrase('ส่งด้วย', truck(after), ' ถึง ', after.start.time) : '';
    case 'ETA':
      return before && after ? phrase(truck(after), ' ถึง ', before.start.time, ' → ', after.start.time) : '';
    case 'DROPPED':
      return change.reason ?? '';
  }
}

export interface ReplanReviewPanelProps {
  readonly review: ReplanReview;
  /** The slot's day and shift: the moment chosen must fall in it. */
  readonly shift: ReplanShift;
  /** The clock the moment is held to (not before now). */
  readonly now: () => number;
  /** Plan again from the moment chosen (an ISO instant). */
  readonly onReplan: (at: string) => void;
  /** Only those who may confirm a plan see the confirm. */
  readonly canConfirm: boolean;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
}

/**
 * A re-plan from now, before it is confirmed (docs/planning.md "Re-planning"): the moment it plans
 * from, the stops drivers started (kept as they are), and every booking it changes — moved to
 * another truck, new, a new arrival time, or left without a truck (a window it can no longer keep).
 */
export function ReplanReviewPanel({
  review,
  shift,
  now,
  onReplan,
  canConfirm,
  onConfirm,
  onClose,
}: ReplanReviewPanelProps) {
  const shown = review.state === 'ready' ? review.preview.at.time : null;
  return (
    <Panel aria-labelledby="replan-title" aria-busy={review.state === 'loading'}>
      <h2 id="replan-title">วางแผนใหม่จากตอนนี้</h2>
      <MomentChoice
        // A new answer shows its own moment in the field.
        key={shown ?? review.state}
        shift={shift}
        now={now}
        initial={shown}
        disabled={review.state === 'loading' || (review.state === 'ready' && review.confirming)}
        onReplan={onReplan}
      />
      {review.state === 'loading' && <p role="status">กำลังวางแผนใหม่จากสิ่งที่เกิดขึ้นแล้ว…</p>}
      {review.state === 'error' && (
        <>
          <Alert>
            <Messages messages={review.messages} />
          </Alert>
          <Actions>
            <Button variant="secondary" onPress={onClose}>
              ปิด
            </Button>
          </Actions>
        </>
      )}
      {review.state === 'ready' && (
        <Ready review={review} canConfirm={canConfirm} onConfirm={onConfirm} onClose={onClose} />
      )}
    </Panel>
  );
}

/**
 * The moment to plan from: now by default (the answer's moment fills the field), or a later time of
 * the shift; held to the domain's rule before asking (`replanMomentRefusal`), the Thai refusal on
 * the field.
 */
function MomentChoice({
  shift,
  now,
  initial,
  disabled,
  onReplan,
}: Pick<ReplanReviewPanelProps, 'shift' | 'now' | 'onReplan'> & {
  readonly initial: string | null;
  readonly disabled: boolean;
}) {
  const [typed, setTyped] = useState<string | null>(initial);
  const [error, setError] = useState<string | undefined>();
  const ask = () => {
    const at = shiftMoment(shift, typed);
    const refusal = replanMomentRefusal(shift, at, now());
    setError(refusal ?? undefined);
    if (!refusal && at !== null) onReplan(new Date(at).toISOString());
  };
  return (
    <Moment>
      <TimeField
        label="วางแผนใหม่จากเวลา"
        description={
          // A shift not yet begun is planned again from its start (`replanFrom`).
          now() < shiftSpan(shift).start
            ? phrase('ตั้งแต่เริ่มกะ ', shift.startTime, ' น. ถึงก่อนสิ้นสุดกะ ', shift.endTime, ' น.')
            : phrase('ตั้งแต่เวลาปัจจุบัน ถึงก่อนสิ้นสุดกะ ', shift.endTime, ' น.')
        }
        value={typed}
        onChange={(next) => {
          setTyped(next);
          setError(undefined);
        }}
        {...(error ? { error } : {})}
        isDisabled={disabled}
      />
      <Button variant="secondary" onPress={ask} isDisabled={disabled}>
        วางแผนจากเวลานี้
      </Button>
    </Moment>
  );
}

function Ready({
  review,
  canConfirm,
  onConfirm,
  onClose,
}: Pick<ReplanReviewPanelProps, 'canConfirm' | 'onConfirm' | 'onClose'> & {
  readonly review: Extract<ReplanReview, { state: 'ready' }>;
}) {
  const { preview, confirming, refused } = review;
  const booking = (id: string) => preview.plan.bookings.find((b) => b.id === id);
  const unchanged = preview.changes.length === 0;
  return (
    <>
      <p>
        {phrase('วางแผนจากเวลา ', preview.at.time, ' น.')}
        {preview.fixed.length > 0 &&
          phrase(' · จุดส่งที่คนขับเริ่มแล้ว ', String(preview.fixed.length), ' จุด คงไว้กับรถและลำดับเดิม')}
      </p>
      {unchanged ? (
        <p>ไม่มีอะไรเปลี่ยนจากแผนที่ยืนยันไว้</p>
      ) : (
        <Changes aria-label="สิ่งที่เปลี่ยน">
          {preview.changes.map((change) => {
            const b = booking(change.bookingId);
            return (
              <li key={change.bookingId} data-kind={change.kind}>
                <Kind data-kind={change.kind}>{KIND_LABELS[change.kind]}</Kind>
                <span>
                  <strong>{b?.docNo}</strong> {b?.shipToLabel}
                </span>
                <span>{describe(change, preview)}</span>
              </li>
            );
          })}
        </Changes>
      )}
      {refused.length > 0 && (
        <Alert>
          <Messages messages={refused} />
        </Alert>
      )}
      <Actions>
        {canConfirm && !unchanged && (
          <Button onPress={onConfirm} isLoading={confirming}>
            ยืนยันแผนใหม่
          </Button>
        )}
        <Button variant="secondary" onPress={onClose} isDisabled={confirming}>
          {unchanged ? 'ปิด' : 'ยกเลิก'}
        </Button>
      </Actions>
    </>
  );
}

const Changes = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  & > li {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: ${({ theme }) => theme.space[2]};
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

const Kind = styled.span`
  padding: 0 ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid ${({ theme }) => theme.color.border};
  font-weight: 600;
  &[data-kind='DROPPED'] {
    color: ${({ theme }) => theme.color.danger};
  }
`;

const Moment = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
`;
