import { Alert, Button, FormDialog, SelectField, useSnackbar } from '@lms/design-system';
import { addDays, type CellPlace, messagesOfError, type RescheduleVerdict } from '@lms/domain';
import type { ApiError } from '@lms/entity-pages';
import { useCallback, useState } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import { bookingKeys, useBookingApi } from '../shared/bookingApi.ts';
import { thaiDay } from '../shared/format.ts';
import { Messages } from '../shared/layout.tsx';
import type { CalendarCell } from '../shared/types.ts';
import { useThaiDay } from '../shared/useThaiDay.ts';

/**
 * Drag to reschedule on the booking calendar (docs/booking-screens.md): a booking's part in one
 * cell (day × shift × vehicle type) goes to another. The server's engine judges every target (the
 * same check as fine tune) and the move itself under the slot locks; this module holds what the
 * drag, the "ย้ายไป…" dialog and the undo share.
 */

/** The drag type of a booking's part on the calendar. */
export const BOOKING_PART_TYPE = 'application/x-lms-booking-part';

/** How long a move may be undone from its snackbar (issue 22: 10 s). */
export const UNDO_MS = 10_000;

/** What is dragged or moved: a booking and the cell its part lies in. */
export interface MovingPart {
  readonly bookingId: string;
  readonly docNo: string;
  readonly from: CellPlace;
}

export const placeKey = (place: CellPlace) => `${place.date}|${place.shiftOfDayId}|${place.vehicleTypeId}`;
export const placeOf = (cell: CellPlace): CellPlace => ({
  date: cell.date,
  shiftOfDayId: cell.shiftOfDayId,
  vehicleTypeId: cell.vehicleTypeId,
});
type CellOfWords = Pick<CalendarCell, 'date' | 'shiftName' | 'vehicleTypeName'>;

/** A cell in words: `พ. 8 ม.ค. 2025 กะเช้า รถ 6 ล้อ`; its day as `dayOf` says it (`useCellWords`: the user's era). */
export const cellWords = (cell: CellOfWords, dayOf: (isoDay: string) => string = thaiDay) =>
  `${dayOf(cell.date)} ${cell.shiftName} ${cell.vehicleTypeName}`;

/** `cellWords` in the signed-in user's era. */
export function useCellWords(): (cell: CellOfWords) => string {
  const dayOf = useThaiDay();
  return useCallback((cell: CellOfWords) => cellWords(cell, dayOf), [dayOf]);
}

/** The targets a part may go to: every cell shown from today on, except its own. */
export function targetsOf(cells: readonly CalendarCell[], from: CellPlace, todayIso: string): CellPlace[] {
  return cells.filter((cell) => cell.date >= todayIso && placeKey(cell) !== placeKey(from)).map(placeOf);
}

/** The engine's verdicts for a part's targets, keyed by `placeKey` (undefined while asked). */
export function useVerdicts(part: MovingPart | null, targets: readonly CellPlace[]) {
  const booking = useBookingApi();
  const key =
    part && targets.length
      ? [
          'bookingCalendar',
          'check',
          booking.branchId,
          part.bookingId,
          placeKey(part.from),
          targets.map(placeKey).join(','),
        ]
      : null;
  const answer = useSWR<readonly RescheduleVerdict[], ApiError>(
    key,
    () => booking.checkReschedule({ bookingId: part!.bookingId, from: part!.from, targets: [...targets] }),
    { revalidateOnFocus: false },
  );
  const verdicts = answer.data && new Map(answer.data.map((verdict) => [placeKey(verdict), verdict]));
  return { verdicts, error: answer.error };
}

/**
 * The move and its undo: the server reschedules under the slot locks; a success offers "เลิกทำ"
 * for 10 s, which moves the part back (judged again by the server: the old place may be gone).
 */
export function useMovePart(onChanged: () => void) {
  const booking = useBookingApi();
  const snackbar = useSnackbar();
  const move = useCallback(
    async (part: MovingPart, to: CellPlace, toWords: string, fromWords: string, isUndo = false) => {
      try {
        await booking.reschedule({ bookingId: part.bookingId, from: part.from, to });
        onChanged();
        if (isUndo) {
          snackbar.success(`ย้าย ${part.docNo} กลับไป${toWords}แล้ว`);
          return true;
        }
        snackbar.success(`ย้าย ${part.docNo} ไป${toWords}แล้ว`, {
          durationMs: UNDO_MS,
          action: {
            label: 'เลิกทำ',
            onAction: () => void move({ ...part, from: to }, part.from, fromWords, toWords, true),
          },
        });
        return true;
      } catch (error) {
        snackbar.error([
          isUndo ? `ย้าย ${part.docNo} กลับไม่ได้` : `ย้าย ${part.docNo} ไม่ได้`,
          ...messagesOfError(error),
        ]);
        onChanged();
        return false;
      }
    },
    [booking, snackbar, onChanged],
  );
  return move;
}

/** Days the "ย้ายไป…" dialog offers: from today, two weeks past the later of today and the part's day. */
export const MOVE_DIALOG_DAYS = 14;

export interface MoveDialogProps {
  readonly part: MovingPart;
  readonly todayIso: string;
  readonly onClose: () => void;
  readonly onChanged: () => void;
}

/**
 * "ย้ายไป…": the keyboard's way to move a booking's part, with the same verdicts as a drag — pick
 * a day, then a shift × vehicle type of it; refused ones say why and cannot be chosen. It offers
 * its own range of days (not only those the calendar shows: tomorrow may be in the next week).
 */
export function MoveDialog({ part, todayIso, onClose, onChanged }: MoveDialogProps) {
  const booking = useBookingApi();
  const words = useCellWords();
  const dayOf = useThaiDay();
  const query = {
    from: todayIso,
    to: addDays(part.from.date > todayIso ? part.from.date : todayIso, MOVE_DIALOG_DAYS),
    vehicleTypeIds: [],
    shipCondIds: [],
  };
  const calendar = useSWR<readonly CalendarCell[], ApiError>(
    bookingKeys.calendar(booking.branchId, query),
    () => booking.calendar(query),
  );
  const cells = calendar.data ?? [];
  const targets = targetsOf(cells, part.from, todayIso);
  const verdictAnswer = useVerdicts(part, targets);
  const verdicts = verdictAnswer.verdicts;
  const error = calendar.error ?? verdictAnswer.error;
  const move = useMovePart(onChanged);
  const days = [...new Set(targets.map((t) => t.date))];
  const [chosenDay, setDay] = useState<string | null>(null);
  const day = chosenDay ?? days[0] ?? null;
  const [busy, setBusy] = useState(false);
  const byKey = new Map(cells.map((cell) => [placeKey(cell), cell]));
  const fromCell = byKey.get(placeKey(part.from));
  const fromWords = fromCell ? words(fromCell) : dayOf(part.from.date);
  const loading = (!calendar.data && !calendar.error) || (targets.length > 0 && !verdicts && !error);
  const dayCells = targets.filter((t) => t.date === day).map((t) => byKey.get(placeKey(t))!);
  return (
    <FormDialog isOpen mode="show" title={`ย้าย ${part.docNo} ไป…`} onClose={onClose} isLoading={loading}>
      <p>ตอนนี้อยู่ที่ {fromWords}</p>
      {error && (
        <Alert>
          <Messages messages={error.messages} />
        </Alert>
      )}
      {calendar.data && days.length === 0 ? (
        <p>ไม่มีช่วงรถให้ย้ายไปใน {MOVE_DIALOG_DAYS} วันข้างหน้า</p>
      ) : (
        <SelectField
          label="วันที่"
          options={days.map((d) => ({ id: d, label: dayOf(d) }))}
          value={day}
          onChange={(next) => setDay(next === null ? null : String(next))}
        />
      )}
      <Targets aria-label="ช่วงรถที่ย้ายไปได้">
        {dayCells.map((cell) => {
          const verdict = verdicts?.get(placeKey(cell));
          const id = `move-reason-${placeKey(cell).replaceAll('|', '-')}`;
          return (
            <li key={placeKey(cell)}>
              <span>
                {cell.shiftName} · {cell.vehicleTypeName}
              </span>
              <Verdict id={id} data-ok={verdict ? String(verdict.ok) : undefined}>
                {!verdict
                  ? error
                    ? 'ตรวจไม่ได้'
                    : 'กำลังตรวจ...'
                  : verdict.ok
                    ? 'ย้ายได้'
                    : `ย้ายไม่ได้: ${verdict.message}`}
              </Verdict>
              <Button
                size="sm"
                variant="secondary"
                aria-describedby={id}
                aria-label={`ย้ายไปที่นี่: ${words(cell)}`}
                isDisabled={!verdict?.ok || busy}
                onPress={async () => {
                  setBusy(true);
                  const moved = await move(part, placeOf(cell), words(cell), fromWords);
                  setBusy(false);
                  if (moved) onClose();
                }}
              >
                ย้ายไปที่นี่
              </Button>
            </li>
          );
        })}
      </Targets>
    </FormDialog>
  );
}

const Targets = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  margin: ${({ theme }) => theme.space[3]} 0 0;
  padding: 0;
  list-style: none;
  & > li {
    display: grid;
    grid-template-columns: minmax(120px, 1fr) minmax(0, 2fr) auto;
    gap: ${({ theme }) => theme.space[2]};
    align-items: center;
    padding-bottom: ${({ theme }) => theme.space[2]};
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  @media (max-width: 640px) { & > li { grid-template-columns: 1fr; } }
`;

export const Verdict = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  &[data-ok='true'] { color: ${({ theme }) => theme.color.success}; }
  &[data-ok='false'] { color: ${({ theme }) => theme.color.danger}; }
`;
