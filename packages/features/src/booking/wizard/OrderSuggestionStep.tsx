import { Alert, Button, DateField } from '@lms/design-system';
import { draftAllocationsOf, MESSAGES, messagesOfError } from '@lms/domain';
import { useCanBook } from '@lms/entity-pages';
import { useState } from 'react';
import styled from 'styled-components';
import { useBookingApi, useDraft, useSuggestion } from '../shared/bookingApi.ts';
import { km } from '../shared/format.ts';
import { Actions, Messages, Panel, Stack } from '../shared/layout.tsx';
import { type BookingOption, isSearched } from '../shared/types.ts';
import { useThaiDay } from '../shared/useThaiDay.ts';
import { DoBookingCalendar } from './suggestion/DoBookingCalendar.tsx';
import { OptionCard } from './suggestion/OptionCard.tsx';
import { WhyNotStrip } from './suggestion/WhyNotStrip.tsx';

export interface OrderSuggestionStepProps {
  readonly draftId: string;
  /** Today in the branch's time zone (no clock inside: stories stay stable). */
  readonly today: Date;
  readonly onChosen: () => void;
  readonly onBack: () => void;
}

/** Step 2: the ranked options for the draft's DOs (best first), why other days are not offered, and a calendar of the horizon. */
export function OrderSuggestionStep({ draftId, today, onChosen, onBack }: OrderSuggestionStepProps) {
  const booking = useBookingApi();
  const canBook = useCanBook();
  const draft = useDraft(draftId);
  const [wantedDate, setWantedDate] = useState<string | null>(null);
  const request = draft.data
    ? { ...draft.data.draft.request, wantedDate: wantedDate ?? draft.data.draft.request.wantedDate ?? null }
    : null;
  const suggestion = useSuggestion(request);
  const thaiDay = useThaiDay();
  const [choosing, setChoosing] = useState<number | null>(null);
  const [failure, setFailure] = useState<readonly string[] | null>(null);

  const choose = async (option: BookingOption) => {
    if (!draft.data) return;
    setChoosing(option.rank);
    setFailure(null);
    try {
      await booking.saveAllocations(draftId, draft.data.draft.version, draftAllocationsOf(option));
      await draft.mutate();
      // Stop the spinner before the step changes: a button must not unmount while pending.
      setChoosing(null);
      onChosen();
    } catch (error) {
      setChoosing(null);
      setFailure(messagesOfError(error));
    }
  };

  const error = draft.error ?? suggestion.error;
  if (error)
    return (
      <Alert>
        <Messages messages={error.messages} />
      </Alert>
    );
  if (!suggestion.data) return <p role="status">กำลังหาช่วงรถที่เหมาะสม...</p>;
  const answer = suggestion.data;
  if (!isSearched(answer))
    return (
      <Stack>
        <Alert>{answer.problem ?? MESSAGES.unexpectedShape.text}</Alert>
        <Actions>
          <Button variant="secondary" onPress={onBack}>
            กลับไปเลือกใบส่งสินค้า
          </Button>
        </Actions>
      </Stack>
    );
  return (
    <Stack>
      <Panel aria-labelledby="suggestion-title">
        <h2 id="suggestion-title">คำแนะนำการจัดรถ</h2>
        <p>
          ส่งได้เร็วที่สุด {thaiDay(answer.earliestDate)} · ค้นหาถึง {thaiDay(answer.to)}
          {answer.distanceKm !== null ? ` · ระยะทาง ${km(answer.distanceKm)}` : ''}
        </p>
        <WantedRow>
          <DateField
            label="วันที่ต้องการส่ง"
            description={`ตั้งแต่ ${thaiDay(answer.earliestDate)}`}
            value={request?.wantedDate ?? null}
            placeholderValue={answer.earliestDate}
            // A day before the earliest cannot be delivered: say so here, ask the server nothing.
            error={
              request?.wantedDate && request.wantedDate < answer.earliestDate
                ? `ส่งได้เร็วที่สุด ${thaiDay(answer.earliestDate)}`
                : undefined
            }
            touched
            onChange={setWantedDate}
            holdWhileTyping
          />
        </WantedRow>
        {answer.problem && <Alert>{answer.problem}</Alert>}
        {failure && (
          <Alert>
            <Messages messages={failure} />
          </Alert>
        )}
        {answer.options.length === 0 && !answer.problem && (
          <Alert tone="warning">ไม่มีช่วงรถที่รับใบส่งสินค้าเหล่านี้ได้ในช่วงที่ค้นหา ดูเหตุผลรายวันด้านล่าง</Alert>
        )}
      </Panel>
      {answer.options.length > 0 && (
        <Options>
          {answer.options.map((option) => (
            <OptionCard
              key={option.rank}
              option={option}
              onChoose={() => choose(option)}
              isPending={choosing === option.rank}
              isDisabled={!canBook || (choosing !== null && choosing !== option.rank)}
            />
          ))}
        </Options>
      )}
      <Panel aria-labelledby="why-not-title">
        <h2 id="why-not-title">ทำไมบางวันจึงไม่มีตัวเลือก</h2>
        <WhyNotStrip suggestion={answer} />
      </Panel>
      <Panel aria-labelledby="do-calendar-title">
        <h2 id="do-calendar-title">ปฏิทินการจอง DO</h2>
        <DoBookingCalendar
          suggestion={answer}
          today={today}
          wantedDate={request?.wantedDate ?? null}
          onPickDay={setWantedDate}
        />
      </Panel>
      <Actions>
        <Button variant="secondary" onPress={onBack}>
          กลับไปเลือกใบส่งสินค้า
        </Button>
      </Actions>
    </Stack>
  );
}

const Options = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(300px, 1fr));
  gap: ${({ theme }) => theme.space[3]};
`;

const WantedRow = styled.div`
  max-width: 240px;
`;
