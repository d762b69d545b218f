import { Button, ConfirmDialog, useSnackbar, wrappingList } from '@lms/design-system';
import { messagesOfError } from '@lms/domain';
import { useState } from 'react';
import styled from 'styled-components';
import { useBookingApi } from '../shared/bookingApi.ts';
import { Actions, Panel, Stack } from '../shared/layout.tsx';
import type { WizardStep } from '../shared/types.ts';
import { BookingInfoStep } from './BookingInfoStep.tsx';
import { FineTuneStep } from './FineTuneStep.tsx';
import { OrderSuggestionStep } from './OrderSuggestionStep.tsx';
import { SummaryStep } from './SummaryStep.tsx';

export interface DoBookingWizardProps {
  /** From the URL: `/doBooking/info`, `/suggestion`, `/fineTune`, `/summary`. */
  readonly step: WizardStep;
  /** From the URL (`?draftId=`): the server-side draft that holds the wizard's state. */
  readonly draftId: string | null;
  /** The host's router: go to this step with this draft (push a URL). */
  readonly onNavigate: (step: WizardStep, draftId: string | null) => void;
  /** Today in Asia/Bangkok, from the host (no clock inside). */
  readonly today: Date;
  /** The link of a booking's page, shown once it is confirmed. */
  readonly bookingHref?: (bookingId: string) => string;
  /** A day chosen on the DO Booking Calendar (`?wantedDate=`): the new draft asks for it. */
  readonly wantedDate?: string | null;
  /** `?returned=true` (the home's link): the first step opens on the DOs back from a failed delivery. */
  readonly returnedOnly?: boolean;
}

export const wizardSteps: readonly { readonly step: WizardStep; readonly label: string }[] = [
  { step: 'info', label: 'เลือกใบส่งสินค้า' },
  { step: 'suggestion', label: 'คำแนะนำการจัดรถ' },
  { step: 'fineTune', label: 'ปรับแต่ง' },
  { step: 'summary', label: 'สรุปและยืนยัน' },
];

/** DO Booking: Info → Order Suggestion → Fine Tune → Summary, driven by the URL; the state lives in the draft on the server. */
export function DoBookingWizard({
  step,
  draftId,
  onNavigate,
  today,
  bookingHref,
  wantedDate = null,
  returnedOnly = false,
}: DoBookingWizardProps) {
  const booking = useBookingApi();
  const snackbar = useSnackbar();
  const [confirmed, setConfirmed] = useState<{ readonly id: string; readonly docNo: string } | null>(null);
  const [discarding, setDiscarding] = useState<'ask' | 'pending' | null>(null);
  const current = draftId ? step : 'info';
  const currentIndex = wizardSteps.findIndex((item) => item.step === current);

  const discard = async () => {
    if (!draftId) return;
    setDiscarding('pending');
    try {
      await booking.deleteDraft(draftId);
      setDiscarding(null);
      onNavigate('info', null);
    } catch (error) {
      setDiscarding(null);
      snackbar.error(messagesOfError(error));
    }
  };

  if (confirmed)
    return (
      <Panel aria-labelledby="booking-confirmed" role="status">
        <h2 id="booking-confirmed">บันทึกการจองเรียบร้อยแล้ว</h2>
        <DocNo>
          เลขที่การจอง{' '}
          {bookingHref ? (
            <a href={bookingHref(confirmed.id)}>{confirmed.docNo}</a>
          ) : (
            <strong>{confirmed.docNo}</strong>
          )}
        </DocNo>
        {bookingHref && <Hint>กดเลขที่การจองเพื่อดูรายละเอียด โทรนัดลูกค้า หรือพิมพ์ใบนัดส่งสินค้า</Hint>}
        <Actions>
          <Button
            variant="primary"
            onPress={() => {
              setConfirmed(null);
              onNavigate('info', null);
            }}
          >
            จองใบส่งสินค้าอื่น
          </Button>
        </Actions>
      </Panel>
    );

  return (
    <Stack>
      <Steps aria-label="ขั้นตอนการจอง">
        {wizardSteps.map((item, index) => (
          <li
            key={item.step}
            aria-current={item.step === current ? 'step' : undefined}
            data-done={index < currentIndex ? '' : undefined}
          >
            <span aria-hidden="true">{index + 1}</span>
            {item.label}
          </li>
        ))}
      </Steps>
      {current === 'info' && (
        <BookingInfoStep
          wantedDate={wantedDate}
          returnedOnly={returnedOnly}
          onDraftCreated={(id) => onNavigate('suggestion', id)}
        />
      )}
      {current === 'suggestion' && draftId && (
        <OrderSuggestionStep
          draftId={draftId}
          today={today}
          onChosen={() => onNavigate('fineTune', draftId)}
          onBack={() => onNavigate('info', null)}
        />
      )}
      {current === 'fineTune' && draftId && (
        <FineTuneStep
          draftId={draftId}
          onNext={() => onNavigate('summary', draftId)}
          onBack={() => onNavigate('suggestion', draftId)}
        />
      )}
      {current === 'summary' && draftId && (
        <SummaryStep
          draftId={draftId}
          onConfirmed={(booking) => {
            snackbar.success([`บันทึกการจอง ${booking.docNo} เรียบร้อยแล้ว`]);
            setConfirmed(booking);
          }}
          onBack={() => onNavigate('fineTune', draftId)}
          onFreshSuggestion={() => onNavigate('suggestion', draftId)}
        />
      )}
      {draftId && (
        <Actions>
          <Button variant="ghost" onPress={() => setDiscarding('ask')}>
            ยกเลิกร่างการจองนี้
          </Button>
        </Actions>
      )}
      <ConfirmDialog
        isOpen={discarding !== null}
        title="ยกเลิกร่างการจอง"
        message="ร่างการจองนี้จะถูกลบ ใบส่งสินค้ายังไม่ถูกจองและเลือกใหม่ได้"
        confirmLabel="ลบร่าง"
        variant="danger"
        isPending={discarding === 'pending'}
        onConfirm={discard}
        onCancel={() => setDiscarding(null)}
      />
    </Stack>
  );
}

const DocNo = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.lg};
  overflow-wrap: anywhere;
  & > a, & > strong { font-weight: ${({ theme }) => theme.font.weight.medium}; }
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Steps = styled.ol`
  ${wrappingList}
  & > li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[1]};
    padding: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.color.background};
    color: ${({ theme }) => theme.color.textMuted};
  }
  & > li > span {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 22px;
    height: 22px;
    border-radius: 50%;
    background: ${({ theme }) => theme.color.border};
    color: ${({ theme }) => theme.color.text};
    font-size: ${({ theme }) => theme.font.size.xs};
  }
  & > li[data-done] { color: ${({ theme }) => theme.color.text}; }
  & > li[aria-current='step'] {
    background: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.primaryText};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;
