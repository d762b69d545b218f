import { Draggable, DropArea } from '@lms/design-system';
import styled from 'styled-components';
import { maxPercent, StatusBadge } from '../shared/StatusBadge.tsx';
import type { CalendarCell, PlacedBooking } from '../shared/types.ts';
import {
  BOOKING_PART_TYPE,
  type MovingPart,
  placeKey,
  placeOf,
  useCellWords,
  Verdict,
} from './reschedule.tsx';

/** What a week's cells need of the drag: who drags what, the engine's verdicts, where it hovers. */
export interface WeekDrag {
  readonly canMove: boolean;
  readonly todayIso: string;
  readonly part: MovingPart | null;
  readonly verdicts:
    | ReadonlyMap<string, { readonly ok: boolean; readonly message: string | null }>
    | undefined;
  readonly hovered: string | null;
  readonly onStart: (part: MovingPart) => void;
  readonly onEnd: () => void;
  readonly onHover: (key: string | null) => void;
  readonly dropOn: (cell: CalendarCell) => (data: string) => void;
}

/** A week cell's cards shown at most; the rest are counted (and reached from "ดูการจอง"). */
const CARDS_PER_CELL = 4;

/** Week view: every shift × vehicle type of the day with its status and its bookings, each a drop target. */
export function WeekDay({
  cells,
  parts,
  drag,
}: {
  readonly cells: readonly CalendarCell[];
  readonly parts: ReadonlyMap<string, readonly PlacedBooking[]>;
  readonly drag: WeekDrag;
}) {
  const cellWords = useCellWords();
  if (cells.length === 0) return null;
  return (
    <CellList>
      {cells.map((cell) => {
        const key = placeKey(cell);
        const here = parts.get(key) ?? [];
        const verdict = drag.part && placeKey(drag.part.from) !== key ? drag.verdicts?.get(key) : undefined;
        // The same targets the server is asked about (`targetsOf`): from today on, not its own cell.
        const isTarget = !!drag.part && placeKey(drag.part.from) !== key && cell.date >= drag.todayIso;
        const content = (
          <>
            <span>
              {cell.shiftName} · {cell.vehicleTypeName}
            </span>
            <StatusBadge colour={cell.colour} label={cell.statusLabel} value={maxPercent(cell)} wrap />
            {isTarget && (
              <Verdict data-ok={verdict ? String(verdict.ok) : undefined}>
                {!verdict ? '…' : verdict.ok ? '✓ ย้ายได้' : '✕ ย้ายไม่ได้'}
              </Verdict>
            )}
            {drag.hovered === key && verdict && !verdict.ok && <Reason>{verdict.message}</Reason>}
            {here.slice(0, CARDS_PER_CELL).map((item) => {
              const part: MovingPart = { bookingId: item.id, docNo: item.docNo, from: placeOf(item) };
              return (
                <Card
                  key={item.id}
                  type={BOOKING_PART_TYPE}
                  data={JSON.stringify(part)}
                  handleLabel={`ลาก ${item.docNo}`}
                  isDisabled={!drag.canMove}
                  onDragStart={() => drag.onStart(part)}
                  onDragEnd={drag.onEnd}
                >
                  {/* A phone's day (~35 px) shows the number's last digits; the handle names it whole. */}
                  <span data-long="">{item.docNo}</span>
                  <span data-short="" aria-hidden="true">
                    …{item.docNo.slice(-4)}
                  </span>
                </Card>
              );
            })}
            {here.length > CARDS_PER_CELL && <More>+ อีก {here.length - CARDS_PER_CELL} รายการ</More>}
          </>
        );
        return (
          <li key={key}>
            {drag.canMove ? (
              <Target
                type={BOOKING_PART_TYPE}
                label={`วางที่ ${cellWords(cell)}`}
                isRefused={!!verdict && !verdict.ok}
                onDropEnter={() => drag.onHover(key)}
                onDropExit={() => drag.onHover(null)}
                onDrop={drag.dropOn(cell)}
              >
                {content}
              </Target>
            ) : (
              content
            )}
          </li>
        );
      })}
    </CellList>
  );
}

const CellList = styled.ul`
  container-type: inline-size;
  display: flex;
  flex-direction: column;
  gap: 2px;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.font.size.xs};
  & > li { display: flex; flex-direction: column; }
`;

const Target = styled(DropArea)`
  display: flex;
  flex-direction: column;
  gap: 2px;
  border-radius: ${({ theme }) => theme.radius.sm};
`;

const Card = styled(Draggable)`
  min-height: 32px;
  padding: 2px 34px 2px ${({ theme }) => theme.space[1]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.surface};
  display: flex;
  align-items: center;
  overflow-wrap: normal;
  & > [data-short] { display: none; }
  /* A day on a phone: the handle above the number, the number's last digits. */
  @container (max-width: 64px) {
    padding: 34px 2px 2px;
    & > [data-long] { display: none; }
    & > [data-short] { display: inline; }
  }
`;

const Reason = styled.span`
  color: ${({ theme }) => theme.color.danger};
`;

const More = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
`;
