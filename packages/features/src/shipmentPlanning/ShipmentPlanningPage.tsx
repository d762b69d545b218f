import { Alert, useSteady } from '@lms/design-system';
import { useDeferredValue } from 'react';
import { Messages, Panel, Stack } from '../booking/shared/layout.tsx';
import { useMapTiles } from '../map/tiles.ts';
import { PlanBoard } from './PlanBoard.tsx';
import { PlanControls, useCanConfirm } from './PlanControls.tsx';
import { PlanFigures } from './PlanFigures.tsx';
import { ReplanReviewPanel } from './ReplanReviewPanel.tsx';
import { RouteMap } from './RouteMap.tsx';
import { type SlotPlace, useSlotPlanning } from './useSlotPlanning.ts';

export interface ShipmentPlanningPageProps {
  /** Today in Asia/Bangkok, from the host (no clock inside). */
  readonly today: Date;
  /** The routes' map tiles, as the location demo's (default OpenStreetMap; `null`: none, e.g. offline). */
  readonly tileUrlTemplate?: string | null;
  /** The clock a re-plan's chosen moment is held to (not before now); default the browser's, stories fix it. */
  readonly now?: () => number;
  /** The day and shift to open on (the page's address); absent, today and the first shift. */
  readonly place?: SlotPlace;
  /** The day or shift chosen: the host writes it into the address. */
  readonly onPlaceChange?: (place: SlotPlace) => void;
}

/**
 * Shipment planning (`/shipmentPlanning`, issue 19): a day and a shift → the slot's bookings,
 * trucks and drivers; the planner's trips; moves re-checked by the server; confirm.
 */
export function ShipmentPlanningPage({
  today,
  tileUrlTemplate,
  now = Date.now,
  place,
  onPlaceChange,
}: ShipmentPlanningPageProps) {
  const planning = useSlotPlanning(today, place, onPlaceChange);
  const tiles = useMapTiles(tileUrlTemplate);
  const { slot, shown, busy, locked } = planning;
  const canConfirm = useCanConfirm();
  // While a move, the automatic plan or a confirm is out the board is inert (PlanBoard, one
  // attribute, where every control drawn disabled drew every column: issue 41). Inert restyles
  // the whole board, so it comes a frame after the tap's own (deferred): the tap paints at once,
  // and a move tapped meanwhile is refused by `tryTrips` itself. The answer frees the board at
  // once, in the drawing that shows its plan.
  const busyShown = useDeferredValue(busy !== null);
  const onTrips = useSteady(planning.tryTrips);
  return (
    <Stack>
      <PlanControls planning={planning} />
      {planning.review && shown && (
        <ReplanReviewPanel
          review={planning.review}
          shift={{ date: shown.date, startTime: shown.shiftStart, endTime: shown.shiftEnd }}
          now={now}
          onReplan={planning.replanFrom}
          canConfirm={canConfirm}
          onConfirm={planning.confirmReplan}
          onClose={planning.closeReplan}
        />
      )}

      {slot.error && (
        <Alert>
          <Messages messages={slot.error.messages} />
        </Alert>
      )}
      {!planning.date && (
        <Panel>
          <p>กรอกวันที่ส่งให้ครบ (วัน/เดือน/ปี 4 หลัก) เพื่อดูแผนของกะ</p>
        </Panel>
      )}
      {planning.date && !slot.error && !shown && (
        <Panel aria-busy="true">
          <p>กำลังโหลดข้อมูลกะ…</p>
        </Panel>
      )}

      {shown && (
        <>
          <PlanFigures plan={shown} />

          {shown.bookings.length === 0 ? (
            <Panel>
              <p>ไม่มีการจองที่ยืนยันแล้วในกะนี้</p>
            </Panel>
          ) : (
            <PlanBoard plan={shown} disabled={locked} busy={busy !== null && busyShown} onTrips={onTrips} />
          )}

          {(shown.trips.length > 0 || shown.unassigned.length > 0) && (
            <Panel aria-labelledby="planning-map">
              <h3 id="planning-map">แผนที่เส้นทาง</h3>
              <RouteMap
                plan={shown}
                tileUrlTemplate={tiles.tileUrlTemplate}
                attribution={tiles.attribution}
              />
            </Panel>
          )}
        </>
      )}
    </Stack>
  );
}
