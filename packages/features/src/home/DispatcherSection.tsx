import {
  type DispatcherHome,
  type DispatcherSlot,
  dispatcherHomeApi,
  optionLabel,
  phrase,
  type StopStatus,
  stopStatusOptions,
  tripStatusOptions,
} from '@lms/domain';
import { type ApiError, call, operationPath, useBranchScope } from '@lms/entity-pages';
import styled from 'styled-components';
import useSWR from 'swr';
import { TableScroll } from '../booking/shared/layout.tsx';
import { type OpenBookingEvents, useBookingEvents } from '../booking/shared/useBookingEvents.ts';
import { useThaiDay } from '../booking/shared/useThaiDay.ts';
import { CountLink, DayTables, type Navigate, routerClick, Tiles, useCanOpen } from './CountLink.tsx';
import { Section } from './Section.tsx';

/** The dispatcher's section's own words (a chunk of its own: the shell carries none of them). */
export const dispatcherText = {
  title: 'งานจัดรถวันนี้และพรุ่งนี้',
  tripsToday: 'เที่ยวรถวันนี้',
  lateStops: 'จุดส่งที่คาดว่าจะถึงช้า',
  failedStops: phrase('จุดส่งที่', statusLabel('FAILED'), 'หรือ', statusLabel('PARTIAL')),
  slots: 'แผนรถตามกะ',
  shift: 'กะ',
  bookings: 'การจอง',
  waiting: 'ยังไม่ได้จัดรถ',
  trips: 'เที่ยวรถ',
  plan: 'แผน',
  confirmed: 'ยืนยันแล้ว',
  notConfirmed: 'ยังไม่ยืนยัน',
  nothingBooked: 'ไม่มีการจอง',
  noShifts: 'ยังไม่มีกะที่เปิดใช้งาน',
  /** The shift's link: its visible name first (WCAG 2.5.3), then the day it plans. */
  planShift: (shift: string, day: string) => `${shift} จัดรถ ${day}`,
  /** The board is live; the home asks again this often while it is open. */
  refreshMs: 60_000,
};

function statusLabel(status: StopStatus) {
  return optionLabel(stopStatusOptions, status) ?? status;
}

/** The dispatcher's day of the acting branch (no branch: nothing asked). */
function useDispatcherHome() {
  const { api, branchId, branch } = useBranchScope();
  return useSWR<DispatcherHome, ApiError>(
    branchId ? [operationPath(dispatcherHomeApi.dispatcher), branchId] : null,
    () => call(api, dispatcherHomeApi.dispatcher, { query: branch() }),
    { refreshInterval: dispatcherText.refreshMs },
  );
}

/**
 * The dispatcher's section (docs/web.md "Home"): today's trips as the board counts them, then each
 * shift of today and tomorrow with its bookings, those on no trip yet, its trips and its plan; each
 * shift opens the planning screen on that slot, each count the board.
 */
export function DispatcherSection({
  openEvents,
  navigate,
}: {
  readonly openEvents?: OpenBookingEvents | undefined;
  readonly navigate?: Navigate | undefined;
}) {
  const state = useDispatcherHome();
  // A booking confirmed, moved or cancelled changes a shift's bookings.
  useBookingEvents(
    openEvents,
    () => state.mutate(),
    () => state.mutate(),
  );
  return (
    <Section id="dispatcher" title={dispatcherText.title} state={state} needsBranch>
      {(home) => (
        <>
          <h3>{dispatcherText.tripsToday}</h3>
          <Tiles>
            {tripStatusOptions.map(({ value, label }) => (
              <CountLink key={value} label={label} value={home.trips[value]} navigate={navigate} />
            ))}
            <CountLink
              label={dispatcherText.lateStops}
              value={home.lateStops}
              navigate={navigate}
              tone="attention"
            />
            <CountLink
              label={dispatcherText.failedStops}
              value={home.failedStops}
              navigate={navigate}
              tone="attention"
            />
          </Tiles>
          <h3>{dispatcherText.slots}</h3>
          {home.slots.length === 0 ? (
            <p>{dispatcherText.noShifts}</p>
          ) : (
            <Days>
              {[home.today, home.tomorrow].map((day) => (
                <Slots
                  key={day}
                  day={day}
                  slots={home.slots.filter((slot) => slot.date === day)}
                  navigate={navigate}
                />
              ))}
            </Days>
          )}
        </>
      )}
    </Section>
  );
}

function Slots({
  day,
  slots,
  navigate,
}: {
  readonly day: string;
  readonly slots: readonly DispatcherSlot[];
  readonly navigate?: Navigate | undefined;
}) {
  const canOpen = useCanOpen();
  const thaiDay = useThaiDay();
  return (
    <TableScroll aria-label={thaiDay(day)}>
      <table>
        <caption>{thaiDay(day)}</caption>
        <thead>
          <tr>
            <th scope="col">{dispatcherText.shift}</th>
            <th scope="col" data-number>
              {dispatcherText.bookings}
            </th>
            <th scope="col" data-number>
              {dispatcherText.waiting}
            </th>
            <th scope="col" data-number>
              {dispatcherText.trips}
            </th>
            <th scope="col">{dispatcherText.plan}</th>
          </tr>
        </thead>
        <tbody>
          {slots.map((slot) => (
            <tr key={slot.shiftOfDayId} data-waiting={slot.waiting > 0 ? true : undefined}>
              <th scope="row">
                {canOpen(slot.href) ? (
                  <a
                    href={slot.href}
                    onClick={routerClick(navigate, slot.href)}
                    aria-label={dispatcherText.planShift(slot.shiftName, thaiDay(day))}
                  >
                    {slot.shiftName}
                  </a>
                ) : (
                  slot.shiftName
                )}
                <Hours>
                  {slot.shiftStart}–{slot.shiftEnd}
                </Hours>
              </th>
              <td data-number>{slot.bookings.toLocaleString('th-TH')}</td>
              <td data-number>{slot.waiting.toLocaleString('th-TH')}</td>
              <td data-number>{slot.trips.toLocaleString('th-TH')}</td>
              <td>
                {slot.confirmed
                  ? dispatcherText.confirmed
                  : slot.bookings === 0
                    ? dispatcherText.nothingBooked
                    : dispatcherText.notConfirmed}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

const Days = styled(DayTables)`
  & th[data-number] { text-align: right; }
  & tbody th { font-weight: ${({ theme }) => theme.font.weight.regular}; background: none; white-space: normal; }
  & tr[data-waiting] td:nth-child(3) { font-weight: ${({ theme }) => theme.font.weight.medium}; color: ${({ theme }) => theme.color.warning}; }
`;

const Hours = styled.span`
  display: block;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
