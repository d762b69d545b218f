import {
  Alert,
  Button,
  type CalendarView,
  CapacityCalendar,
  MultiSelectField,
  useSnackbar,
  type VisibleRange,
} from '@lms/design-system';
import { addDays } from '@lms/domain';
import { type ApiError, useCanBook, useEntityOptions, useUrlState } from '@lms/entity-pages';
import { useState } from 'react';
import styled from 'styled-components';
import useSWR, { useSWRConfig } from 'swr';
import { bookingKeys, type CalendarQuery, type CellRef, useBookingApi } from '../shared/bookingApi.ts';
import { dateOf, hours, isoOf, kg, m3, percent } from '../shared/format.ts';
import { Messages, Panel, Stack, TableScroll } from '../shared/layout.tsx';
import { StatusBadge } from '../shared/StatusBadge.tsx';
import type { CalendarCell, PlacedBooking } from '../shared/types.ts';
import { type OpenBookingEvents, useBookingEvents } from '../shared/useBookingEvents.ts';
import { useThaiDay } from '../shared/useThaiDay.ts';
import { CellBookings } from './CellBookings.tsx';
import { DaySummary } from './DaySummary.tsx';
import {
  MoveDialog,
  type MovingPart,
  placeKey,
  placeOf,
  targetsOf,
  useCellWords,
  useMovePart,
  useVerdicts,
} from './reschedule.tsx';
import { WeekDay, type WeekDrag } from './WeekDay.tsx';

export interface BookingCalendarPageProps {
  /** Today in Asia/Bangkok, from the host (no clock inside). */
  readonly today: Date;
  /** The link of a booking's page (e.g. `/bookingReport/show?id=…`). */
  readonly bookingHref: (bookingId: string) => string;
  /** Opens the live events stream with the session's token; without it the page does not update live. */
  readonly openEvents?: OpenBookingEvents;
  /** The view when the URL names none. */
  readonly initialView?: CalendarView;
  /** The page's heading (the DO Booking Calendar reuses this page under its own name). */
  readonly title?: string;
  /**
   * DO Booking Calendar: the selected day (today or later) offers "จอง DO ส่งวันนี้", which starts a
   * booking with that day as its wanted date.
   */
  readonly onBookDay?: (isoDay: string) => void;
}

interface DayRange {
  readonly from: string;
  readonly to: string;
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The URL's `date` for the days shown: the month's 1st (month view) or the week's Sunday, so that
 * a link reopens the same period. The first row's Saturday always lies in the month shown.
 */
export function periodStart(range: DayRange, view: CalendarView): string {
  return view === 'month' ? `${addDays(range.from, 6).slice(0, 7)}-01` : range.from;
}

/** Booking Calendar (`/bookingCalendar`): capacity per day × shift × vehicle type, live. */
export function BookingCalendarPage({
  today,
  bookingHref,
  openEvents,
  initialView = 'month',
  title = 'ปฏิทินการจอง',
  onBookDay,
}: BookingCalendarPageProps) {
  const booking = useBookingApi();
  const canBook = useCanBook();
  const { mutate } = useSWRConfig();
  const cellWords = useCellWords();
  const thaiDay = useThaiDay();
  // The view and the period shown live in the URL (`?view=week&date=2025-03-02`): a link reproduces them.
  const [params, updateUrl] = useUrlState();
  const viewParam = params.get('view');
  const view: CalendarView = viewParam === 'month' || viewParam === 'week' ? viewParam : initialView;
  const dateParam = params.get('date');
  const shownDate = dateParam && isoDay.test(dateParam) ? dateParam : null;
  // The days the calendar shows, as it reports them; nothing is fetched before.
  const [range, setRange] = useState<DayRange | null>(null);
  const [vehicleTypeIds, setVehicleTypeIds] = useState<readonly string[]>([]);
  const [shipCondIds, setShipCondIds] = useState<readonly string[]>([]);
  const [selectedDay, setSelectedDay] = useState<string | null>(null);
  const [selectedCell, setSelectedCell] = useState<CellRef | null>(null);
  const vehicleTypes = useFilterChoices('vehicleType');
  const shipConds = useFilterChoices('shipCond');
  const query: CalendarQuery | null = range && { ...range, vehicleTypeIds, shipCondIds };
  // Another month or filter keeps the figures shown until its own arrive (the calendar says it is loading).
  const cells = useSWR<readonly CalendarCell[], ApiError>(
    query && bookingKeys.calendar(booking.branchId, query),
    () => booking.calendar(query as CalendarQuery),
    { keepPreviousData: true },
  );
  const loading = !cells.error && (!range || cells.isLoading);
  // Week view: each cell's bookings, to drag to another day, shift or vehicle type.
  const placed = useSWR<readonly PlacedBooking[], ApiError>(
    view === 'week' && range ? bookingKeys.placed(booking.branchId, range) : null,
    () => booking.placed(range as DayRange),
    { keepPreviousData: true },
  );
  const todayIso = isoOf(today);
  const snackbar = useSnackbar();
  const [dragging, setDragging] = useState<MovingPart | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  const [moving, setMoving] = useState<MovingPart | null>(null);
  const { verdicts } = useVerdicts(
    dragging,
    dragging ? targetsOf(cells.data ?? [], dragging.from, todayIso) : [],
  );
  const showRange = (shown: VisibleRange) => {
    const next = { from: isoOf(shown.first), to: isoOf(shown.last) };
    setRange(next);
    // Today's period is the default: the URL names only another one.
    const start = periodStart(next, view);
    const todayIso = isoOf(today);
    const isTodays =
      view === 'month'
        ? start.slice(0, 7) === todayIso.slice(0, 7)
        : next.from <= todayIso && todayIso <= next.to;
    updateUrl({ date: isTodays ? null : start });
  };
  const switchView = (next: CalendarView) => {
    if (next === view) return;
    // Stay near what the planner looks at: the selected day if it is shown, else the period shown.
    const keep =
      selectedDay && range && range.from <= selectedDay && selectedDay <= range.to ? selectedDay : shownDate;
    updateUrl({ view: next === initialView ? null : next, date: keep });
  };
  const refresh = () =>
    mutate((key) => Array.isArray(key) && key[0] === 'bookingCalendar' && key[2] === booking.branchId);
  useBookingEvents(
    openEvents,
    (event) => {
      if (event.branchId === booking.branchId) refresh();
    },
    refresh,
  );

  const move = useMovePart(refresh);

  const byDay = new Map<string, CalendarCell[]>();
  for (const cell of cells.data ?? []) byDay.set(cell.date, [...(byDay.get(cell.date) ?? []), cell]);
  const dayCells = selectedDay ? (byDay.get(selectedDay) ?? []) : [];
  const byCell = new Map<string, PlacedBooking[]>();
  for (const part of placed.data ?? [])
    byCell.set(placeKey(part), [...(byCell.get(placeKey(part)) ?? []), part]);
  const wordsOf = (place: MovingPart['from']) => {
    const cell = cells.data?.find((c) => placeKey(c) === placeKey(place));
    return cell ? cellWords(cell) : thaiDay(place.date);
  };
  const hoveredCell = hovered ? cells.data?.find((cell) => placeKey(cell) === hovered) : undefined;
  const hoveredVerdict = hovered ? verdicts?.get(hovered) : undefined;
  const dropOn = (cell: CalendarCell) => (data: string) => {
    const part = JSON.parse(data) as MovingPart;
    if (placeKey(part.from) === placeKey(cell)) return;
    const verdict = verdicts?.get(placeKey(cell));
    // A refused target says why at once; the server would refuse it with the same words.
    if (verdict && !verdict.ok) {
      snackbar.error([`ย้าย ${part.docNo} ไม่ได้`, verdict.message ?? '']);
      return;
    }
    void move(part, placeOf(cell), cellWords(cell), wordsOf(part.from));
  };
  const drag: WeekDrag = {
    canMove: canBook,
    todayIso,
    part: dragging,
    verdicts,
    hovered,
    onStart: (part) => setDragging(part),
    onEnd: () => {
      setDragging(null);
      setHovered(null);
    },
    onHover: setHovered,
    dropOn,
  };

  return (
    <Stack>
      <Panel aria-labelledby="calendar-filters">
        <h2 id="calendar-filters">{title}</h2>
        <Toolbar>
          <fieldset aria-label="มุมมอง">
            <Button
              variant={view === 'month' ? 'primary' : 'secondary'}
              size="sm"
              aria-pressed={view === 'month'}
              onPress={() => switchView('month')}
            >
              รายเดือน
            </Button>
            <Button
              variant={view === 'week' ? 'primary' : 'secondary'}
              size="sm"
              aria-pressed={view === 'week'}
              onPress={() => switchView('week')}
            >
              รายสัปดาห์
            </Button>
          </fieldset>
          {vehicleTypes.allowed && (
            <MultiSelectField
              label="ประเภทรถ"
              options={vehicleTypes.data ?? []}
              value={vehicleTypeIds}
              onChange={(ids) => setVehicleTypeIds(ids.map(String))}
            />
          )}
          {shipConds.allowed && (
            <MultiSelectField
              label="Ship Cond"
              options={shipConds.data ?? []}
              value={shipCondIds}
              onChange={(ids) => setShipCondIds(ids.map(String))}
            />
          )}
        </Toolbar>
        {cells.error && (
          <Alert>
            <Messages messages={cells.error.messages} />
          </Alert>
        )}
        {!loading && cells.data?.length === 0 && <p role="status">ไม่มีช่วงรถในช่วงวันที่นี้ตามตัวกรอง</p>}
        <CapacityCalendar
          key={view}
          today={today}
          view={view}
          defaultFocusedDate={shownDate ? dateOf(shownDate) : undefined}
          onVisibleRangeChange={showRange}
          isLoading={loading}
          selectedDate={selectedDay ? new Date(`${selectedDay}T00:00:00`) : null}
          onSelectDay={(date) => {
            setSelectedDay(isoOf(date));
            setSelectedCell(null);
          }}
          renderDay={(date) =>
            view === 'week' ? (
              <WeekDay cells={byDay.get(isoOf(date)) ?? []} parts={byCell} drag={drag} />
            ) : (
              <DaySummary cells={byDay.get(isoOf(date)) ?? []} />
            )
          }
        />
        {view === 'week' && canBook && (
          <DragStatus role="status">
            {dragging &&
              (hoveredCell
                ? `${dragging.docNo} → ${cellWords(hoveredCell)}: ${
                    !hoveredVerdict
                      ? 'กำลังตรวจ...'
                      : hoveredVerdict.ok
                        ? 'ย้ายได้'
                        : `ย้ายไม่ได้ ${hoveredVerdict.message}`
                  }`
                : `กำลังลาก ${dragging.docNo}: วางในช่องที่ขึ้นว่าย้ายได้`)}
          </DragStatus>
        )}
      </Panel>
      {selectedDay && (
        <Panel aria-labelledby="calendar-day">
          <h2 id="calendar-day">ความจุวันที่ {thaiDay(selectedDay)}</h2>
          {onBookDay && (
            <BookDay>
              <Button
                variant="primary"
                isDisabled={!canBook || selectedDay < isoOf(today)}
                onPress={() => onBookDay(selectedDay)}
              >
                จอง DO ส่งวันที่ {thaiDay(selectedDay)}
              </Button>
              {selectedDay < isoOf(today) && <PastDay>วันที่ผ่านมาแล้วจองไม่ได้</PastDay>}
            </BookDay>
          )}
          {dayCells.length === 0 ? (
            <p>ไม่มีช่วงรถในวันนี้</p>
          ) : (
            <TableScroll>
              <table>
                <thead>
                  <tr>
                    <th scope="col">กะ</th>
                    <th scope="col">ประเภทรถ</th>
                    <th scope="col">รถ</th>
                    <th scope="col">น้ำหนัก (ใช้/ความจุ)</th>
                    <th scope="col">ปริมาตร (ใช้/ความจุ)</th>
                    <th scope="col">ชั่วโมง (ใช้/ความจุ)</th>
                    <th scope="col">สถานะ</th>
                    <th scope="col">การจอง</th>
                  </tr>
                </thead>
                <tbody>
                  {dayCells.map((cell) => (
                    <tr key={`${cell.shiftOfDayId}-${cell.vehicleTypeId}`}>
                      <td>{cell.shiftName}</td>
                      <td>{cell.vehicleTypeName}</td>
                      <td data-number="">{cell.vehicles}</td>
                      <td data-number="">
                        {kg(cell.used.weight)} / {kg(cell.capacity.weight)} ({percent(cell.weightPercent)})
                      </td>
                      <td data-number="">
                        {m3(cell.used.volume)} / {m3(cell.capacity.volume)} ({percent(cell.volumePercent)})
                      </td>
                      <td data-number="">
                        {hours(cell.used.minute)} / {hours(cell.capacity.minute)} ({percent(cell.hourPercent)}
                        )
                      </td>
                      <td>
                        <StatusBadge colour={cell.colour} label={cell.statusLabel} />
                      </td>
                      <td>
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={`ดูการจอง ${cell.shiftName} ${cell.vehicleTypeName}`}
                          onPress={() =>
                            setSelectedCell({
                              date: cell.date,
                              shiftOfDayId: cell.shiftOfDayId,
                              vehicleTypeId: cell.vehicleTypeId,
                            })
                          }
                        >
                          ดูการจอง
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </Panel>
      )}
      {selectedCell && (
        <CellBookings
          cell={selectedCell}
          bookingHref={bookingHref}
          onChanged={refresh}
          onMove={
            canBook
              ? (item) => setMoving({ bookingId: item.id, docNo: item.docNo, from: selectedCell })
              : undefined
          }
        />
      )}
      {moving && (
        <MoveDialog part={moving} todayIso={todayIso} onClose={() => setMoving(null)} onChanged={refresh} />
      )}
    </Stack>
  );
}

const Toolbar = styled.div`
  display: grid;
  grid-template-columns: auto repeat(2, minmax(180px, 280px));
  gap: ${({ theme }) => theme.space[3]};
  align-items: end;
  & > fieldset { display: flex; gap: ${({ theme }) => theme.space[1]}; margin: 0; padding: 0; border: none; }
  @media (max-width: 640px) { grid-template-columns: 1fr; }
`;

const BookDay = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin-bottom: ${({ theme }) => theme.space[3]};
`;

const PastDay = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
`;

const DragStatus = styled.p`
  margin: 0;
  min-height: 1.6em;
  color: ${({ theme }) => theme.color.text};
`;

/** A filter's choices: offered only to a user who may read the entity (the hook asks no one else). */
function useFilterChoices(entity: 'vehicleType' | 'shipCond') {
  const choices = useEntityOptions(entity, { size: 100 });
  return { allowed: choices.readable.can, data: choices.data };
}
