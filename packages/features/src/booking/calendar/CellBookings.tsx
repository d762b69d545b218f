import { Alert, Button } from '@lms/design-system';
import type { ApiError } from '@lms/entity-pages';
import styled from 'styled-components';
import useSWR from 'swr';
import { MessageStateBadge } from '../../contact/MessageStateBadge.tsx';
import { BookingActions } from '../shared/BookingActions.tsx';
import { bookingKeys, type CellRef, useBookingApi } from '../shared/bookingApi.ts';
import { Messages, Panel } from '../shared/layout.tsx';
import type { CellBooking } from '../shared/types.ts';

/** A cell's bookings (the calendar's "ดูการจอง"): call status, resend, cancel and, for who may book, "ย้ายไป…". */
export function CellBookings({
  cell,
  bookingHref,
  onChanged,
  onMove,
}: {
  readonly cell: CellRef;
  readonly bookingHref: (id: string) => string;
  readonly onChanged: () => void;
  /** "ย้ายไป…": the keyboard's way to move a booking (only for who may book). */
  readonly onMove?: ((item: CellBooking) => void) | undefined;
}) {
  const booking = useBookingApi();
  const list = useSWR<readonly CellBooking[], ApiError>(
    bookingKeys.cellBookings(booking.branchId, cell),
    () => booking.cellBookings(cell),
  );
  return (
    <Panel aria-labelledby="cell-bookings">
      <h2 id="cell-bookings">การจองในช่วงรถนี้</h2>
      {list.error && (
        <Alert>
          <Messages messages={list.error.messages} />
        </Alert>
      )}
      {!list.data && !list.error && <p role="status">กำลังโหลดการจอง...</p>}
      {list.data?.length === 0 && <p>ยังไม่มีการจองในช่วงรถนี้</p>}
      <BookingList>
        {list.data?.map((item) => (
          <li key={item.id}>
            <a href={bookingHref(item.id)}>{item.docNo}</a> · {item.customerLabel ?? '-'} ·{' '}
            {item.shipToLabel ?? '-'} <MessageStateBadge state={item.messageState} />
            <BookingActions
              bookingId={item.id}
              docNo={item.docNo}
              callStatus={item.callStatus}
              onChanged={onChanged}
            />
            {onMove && (
              <MoveButton>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`ย้ายไป… ${item.docNo}`}
                  onPress={() => onMove(item)}
                >
                  ย้ายไป…
                </Button>
              </MoveButton>
            )}
          </li>
        ))}
      </BookingList>
    </Panel>
  );
}

const BookingList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;
  & > li { display: flex; flex-direction: column; gap: ${({ theme }) => theme.space[1]}; padding-bottom: ${({ theme }) => theme.space[3]}; border-bottom: 1px solid ${({ theme }) => theme.color.border}; }
`;

const MoveButton = styled.div`
  display: flex;
`;
