import { Button, ConfirmDialog, SelectField, TextArea, useSnackbar } from '@lms/design-system';
import { callStatusOptions, entityByName, messagesOfError, resendMessages } from '@lms/domain';
import { HistoryList, useCanBook, useSession } from '@lms/entity-pages';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { useBookingApi } from './bookingApi.ts';
import { useContactChannel } from './contactChannel.ts';
import { useBookingShipments } from './useBookingShipments.ts';

type CallStatus = (typeof callStatusOptions)[number]['value'];

export interface BookingActionsProps {
  readonly bookingId: string;
  readonly docNo?: string;
  readonly callStatus?: string | null;
  readonly isCanceled?: boolean;
  /** Offer the booking's log (off where the page has its own history tab). */
  readonly showLog?: boolean;
  /** After a cancel or a call-status change (revalidate what shows the booking). */
  readonly onChanged?: () => void;
}

const bookingReport = entityByName('bookingReport');
const channelLabels: Readonly<Record<string, string>> = { line: 'LINE', sms: 'SMS', log: 'บันทึกทดสอบ' };
const callOptions = callStatusOptions.map((option) => ({ id: option.value, label: option.label }));

/**
 * A booking's actions: cancel with a reason, resend the customer's appointment message (whoever
 * may book), change the call status (its own role), and its log.
 */
export function BookingActions({
  bookingId,
  docNo,
  callStatus,
  isCanceled = false,
  showLog: offerLog = true,
  onChanged,
}: BookingActionsProps) {
  const booking = useBookingApi();
  const snackbar = useSnackbar();
  const { can } = useSession();
  const canCancel = useCanBook();
  const mayCall = can('bookingReport', 'changeCallStatus');
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [status, setStatus] = useState<string | null>(callStatus ?? null);
  const [showLog, setShowLog] = useState(false);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState<'ask' | 'sending' | null>(null);
  const name = docNo ?? 'การจองนี้';
  // No LINE, SMS or log channel configured (the default): said beside the button, not after the dialog.
  const channelOff = useContactChannel()?.enabled === false;
  const channelNoteId = useId();

  const resend = async () => {
    setResending('sending');
    try {
      const message = await booking.resendMessage(bookingId);
      snackbar.success([
        `ส่งข้อความนัดหมายของ ${name} เข้าคิวแล้ว (${channelLabels[message.channel] ?? message.channel} ถึง ${message.recipient})`,
      ]);
      onChanged?.();
    } catch (error) {
      snackbar.error(messagesOfError(error));
    } finally {
      setResending(null);
    }
  };

  const cancel = async () => {
    setBusy(true);
    try {
      const answer = await booking.cancelBooking(bookingId, reason.trim());
      setAsking(false);
      setReason('');
      snackbar.success([answer.alreadyCanceled ? `${name} ถูกยกเลิกไปก่อนแล้ว` : `ยกเลิก ${name} แล้ว`]);
      onChanged?.();
    } catch (error) {
      snackbar.error(messagesOfError(error));
    } finally {
      setBusy(false);
    }
  };
  const changeCall = async (value: string) => {
    const previous = status;
    setStatus(value);
    try {
      await booking.changeCallStatus(bookingId, value as CallStatus);
      snackbar.success([`บันทึกสถานะการโทรนัดของ ${name} แล้ว`]);
      onChanged?.();
    } catch (error) {
      setStatus(previous);
      snackbar.error(messagesOfError(error));
    }
  };

  return (
    <Root>
      <Row>
        {mayCall.can && !isCanceled && (
          <CallField
            label={`สถานะการโทรนัด ${name}`}
            options={callOptions}
            value={status}
            onChange={(value) => value !== null && value !== status && changeCall(String(value))}
          />
        )}
        {canCancel && !isCanceled && (
          <Button
            variant="secondary"
            size="sm"
            isDisabled={channelOff}
            aria-describedby={channelOff ? channelNoteId : undefined}
            onPress={() => setResending('ask')}
          >
            ส่งข้อความนัดอีกครั้ง
          </Button>
        )}
        {canCancel && !isCanceled && (
          <Button variant="danger" size="sm" onPress={() => setAsking(true)}>
            ยกเลิกการจอง
          </Button>
        )}
        {offerLog && (
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={showLog}
            onPress={() => setShowLog((open) => !open)}
          >
            {showLog ? 'ซ่อนประวัติ' : 'ประวัติการจอง'}
          </Button>
        )}
      </Row>
      {canCancel && !isCanceled && channelOff && (
        <ChannelNote id={channelNoteId}>{resendMessages.off}</ChannelNote>
      )}
      {showLog && <HistoryList entity={bookingReport} id={bookingId} />}
      <ConfirmDialog
        isOpen={asking}
        title={`ยกเลิก ${name}`}
        variant="danger"
        confirmLabel={busy ? 'กำลังยกเลิก...' : 'ยกเลิกการจอง'}
        cancelLabel="ไม่ยกเลิก"
        message={
          <>
            <p>ความจุของรถจะคืนกลับ และใบส่งสินค้าจะกลับไปเป็นยังไม่ได้จอง</p>
            {asking && <OnTrucks bookingId={bookingId} />}
            <TextArea label="เหตุผลที่ยกเลิก" value={reason} onChange={setReason} maxLength={500} rows={3} />
          </>
        }
        onConfirm={() => !busy && cancel()}
        onCancel={() => !busy && setAsking(false)}
      />
      <ConfirmDialog
        isOpen={resending !== null}
        title={`ส่งข้อความนัดหมาย ${name} อีกครั้ง`}
        confirmLabel={resending === 'sending' ? 'กำลังส่ง...' : 'ส่งข้อความ'}
        cancelLabel="ไม่ส่ง"
        message={
          <p>
            ลูกค้าจะได้รับข้อความนัดหมายฉบับใหม่พร้อมลิงก์ยืนยันหรือเลื่อนนัด ทาง LINE หรือ SMS ตามข้อมูลติดต่อปัจจุบันของสถานที่ส่งสินค้า
          </p>
        }
        onConfirm={() => resending === 'ask' && resend()}
        onCancel={() => resending === 'ask' && setResending(null)}
      />
    </Root>
  );
}

/**
 * In the cancel's question: the trucks a confirmed plan already put the booking on, and what follows
 * (docs/planning.md "Left the plan"). Asked only while the question is open.
 */
function OnTrucks({ bookingId }: { readonly bookingId: string }) {
  const shipments = useBookingShipments(bookingId).data ?? [];
  if (shipments.length === 0) return null;
  const trucks = shipments.map((s) => `${s.licensePlate ?? '-'} (ใบขนส่ง ${s.docNo})`).join(', ');
  return (
    <p role="note">
      {`การจองนี้อยู่บนรถแล้ว: ${trucks} เมื่อยกเลิก คนขับจะเห็นว่าไม่ต้องส่งจุดนี้ และผู้จัดรถต้องยืนยันแผนอีกครั้งเพื่อเอาออกจากรถ`}
    </p>
  );
}

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: ${({ theme }) => theme.space[2]};
`;

const CallField = styled(SelectField)`
  min-width: 200px;
`;

const ChannelNote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
