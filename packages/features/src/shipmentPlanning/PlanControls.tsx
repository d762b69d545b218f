import { Alert, Button, DateField, SelectField } from '@lms/design-system';
import { daySheetTitle, documentsApi, featureRoles, type OffPlanBooking, phrase } from '@lms/domain';
import { callForBytes, useBranchScope, usePdfTab, useSession } from '@lms/entity-pages';
import styled from 'styled-components';
import { FieldRow, Messages, Panel } from '../booking/shared/layout.tsx';
import type { SlotPlanning } from './useSlotPlanning.ts';

/** Only SHIPMENT edit (and admin) confirms; both roles plan and try moves. */
export function useCanConfirm(): boolean {
  const { user } = useSession();
  return !!user && featureRoles.shipmentPlanning.edit.some((role) => user.roles.includes(role));
}

/**
 * The day sheet of the chosen day and shift (every booking of it, for the loading dock): for those
 * who may read the bookings it lists, as the server's rule for the sheet says (docs/documents.md).
 */
function useDaySheet(date: string | null, shiftOfDayId: string | null) {
  const session = useSession();
  const { api, branch } = useBranchScope();
  const pdf = usePdfTab();
  if (!date || !shiftOfDayId || !session.can('bookingReport', 'read').can) return null;
  const print = () =>
    pdf.open(() => callForBytes(api, documentsApi.daySheet, { query: { ...branch(), date, shiftOfDayId } }));
  return { print, busy: pdf.busy };
}

/** The planning page's head: which day and shift, plan and confirm, and why the plan cannot change. */
export function PlanControls({ planning }: { readonly planning: SlotPlanning }) {
  const canConfirm = useCanConfirm();
  const { date, shiftId, shifts, draft, shown, refused, busy, locked, choose } = planning;
  const daySheet = useDaySheet(date, shiftId);
  const offPlan = draft ? [] : (shown?.offPlan ?? []);
  // The confirmed trips as shown leave the gone bookings out: confirming them again takes those off their trucks.
  const offTrucks = offPlan.some((gone) => !gone.checkedIn);
  return (
    <Panel aria-labelledby="planning-title">
      <h2 id="planning-title">วางแผนจัดรถ</h2>
      <FieldRow>
        <DateField label="วันที่ส่ง" value={date} onChange={(value) => choose({ date: value })} holdWhileTyping />
        <SelectField
          label="กะ"
          value={shiftId}
          options={shifts.map((s) => ({
            id: s.id,
            label: `${s.name} ${s.startTime}–${s.endTime}`,
          }))}
          onChange={(value) => choose({ shift: value === null ? null : String(value) })}
        />
      </FieldRow>
      <Toolbar>
        <Button
          onPress={planning.autoPlan}
          isLoading={busy === 'plan'}
          isDisabled={!shown || shown.bookings.length === 0 || locked || busy !== null}
        >
          จัดรถอัตโนมัติ
        </Button>
        {canConfirm && (
          <Button
            variant="secondary"
            onPress={planning.confirm}
            isLoading={busy === 'confirm'}
            isDisabled={(!draft && !offTrucks) || draft?.trips.length === 0 || locked || busy !== null}
          >
            ยืนยันแผน
          </Button>
        )}
        {shown?.confirmed && !draft && (
          // Around what happened on the road: also once trucks have checked in (a re-plan keeps started stops).
          <Button
            variant="secondary"
            onPress={planning.replan}
            isDisabled={busy !== null || planning.review?.state === 'loading'}
          >
            วางแผนใหม่จากตอนนี้
          </Button>
        )}
        {daySheet && (
          <Button variant="secondary" onPress={daySheet.print} isLoading={daySheet.busy}>
            {phrase('พิมพ์', daySheetTitle)}
          </Button>
        )}
        {shown && (
          <Status>
            {shown.confirmed
              ? `ยืนยันแผนแล้ว (ครั้งที่ ${shown.version})${draft ? ' · มีการแก้ไขที่ยังไม่ยืนยัน' : ''}`
              : draft
                ? 'แผนยังไม่ยืนยัน'
                : 'ยังไม่มีแผน'}
          </Status>
        )}
      </Toolbar>
      {offPlan.length > 0 && <OffPlanNotice offPlan={offPlan} canConfirm={canConfirm} />}
      {planning.lockedBecause && <Alert tone="warning">{planning.lockedBecause}</Alert>}
      {refused.length > 0 && (
        <Alert>
          <Messages messages={refused} />
        </Alert>
      )}
    </Panel>
  );
}

/**
 * What the confirmed plan's trucks still carry that the shift no longer holds (a booking cancelled
 * since the confirm): its truck would still go there. Before a check-in, confirming the plan again
 * takes it off; after, the driver is to be told (docs/planning.md "Left the plan").
 */
function OffPlanNotice({
  offPlan,
  canConfirm,
}: {
  readonly offPlan: readonly OffPlanBooking[];
  readonly canConfirm: boolean;
}) {
  const waiting = offPlan.some((gone) => !gone.checkedIn);
  return (
    <Alert tone="warning" withIcon>
      <strong>รถในแผนที่ยืนยันแล้วยังต้องไปส่งการจองที่ไม่อยู่ในกะนี้แล้ว</strong>
      <OffList>
        {offPlan.map((gone) => (
          <li key={`${gone.shipmentDocNo}-${gone.bookingDocNo}`}>
            {`${gone.bookingDocNo} ${gone.canceled ? 'ยกเลิกแล้ว' : 'ย้ายไปวันหรือกะอื่นแล้ว'} · `}
            {/* A plate (70-1234) and a number break at their hyphens on a phone: each kept whole. */}
            <Whole>{`รถ ${gone.truck}`}</Whole> <Whole>{`ใบขนส่ง ${gone.shipmentDocNo}`}</Whole>
            {gone.checkedIn ? ' · รถเช็คอินแล้ว แจ้งคนขับว่าไม่ต้องส่งจุดนี้' : ''}
          </li>
        ))}
      </OffList>
      {waiting && (
        <p>
          {canConfirm
            ? 'กด “ยืนยันแผน” เพื่อเอาออกจากรถ (แผนที่แสดงไม่มีการจองเหล่านี้แล้ว)'
            : 'ผู้มีสิทธิ์ยืนยันแผนต้องกด “ยืนยันแผน” อีกครั้งเพื่อเอาออกจากรถ'}
        </p>
      )}
    </Alert>
  );
}

const Whole = styled.span`
  white-space: nowrap;
`;

const OffList = styled.ul`
  margin: 0;
  padding-inline-start: ${({ theme }) => theme.space[4]};
  overflow-wrap: anywhere;
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const Status = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
`;
