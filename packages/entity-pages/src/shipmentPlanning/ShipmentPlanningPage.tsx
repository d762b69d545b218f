import { Alert, Button, DateField, Draggable, DropArea, SelectField, useSnackbar } from '@lms/design-system';
import { featureRoles, messagesOfError, type PlanTrip, type SlotPlan } from '@lms/domain';
import { useState } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import type { ApiError } from '../api/ApiError.ts';
import { isoOf, kg, km, m3, minutes, percent, thaiDay } from '../booking/shared/format.ts';
import { FieldRow, Figure, Figures, Messages, Panel, Stack } from '../booking/shared/layout.tsx';
import { OSM_TILE_URL } from '../demo/TrackingMap.tsx';
import { useSession } from '../session/SessionContext.tsx';
import { LoadBar } from './LoadBar.tsx';
import { planningKeys, type TripsInput, tripsOf, usePlanningApi } from './planningApi.ts';
import { RouteMap } from './RouteMap.tsx';

export interface ShipmentPlanningPageProps {
  /** Today in Asia/Bangkok, from the host (no clock inside). */
  readonly today: Date;
  /** The routes' map tiles, as the location demo's (default OpenStreetMap; `null`: none, e.g. offline). */
  readonly tileUrlTemplate?: string | null;
}

/** Only SHIPMENT edit (and admin) confirms; both roles plan and try moves. */
function useCanConfirm(): boolean {
  const { user } = useSession();
  return !!user && featureRoles.shipmentPlanning.edit.some((role) => user.roles.includes(role));
}

type Trips = TripsInput;
type Stop = Trips[number]['stops'][number];

/** The trips with one stop taken out (a trip left empty goes). */
function without(trips: Trips, tripIndex: number, stopIndex: number): { rest: Trips; stop: Stop } {
  const stop = trips[tripIndex]?.stops[stopIndex] as Stop;
  const rest = trips
    .map((trip, t) =>
      t === tripIndex ? { ...trip, stops: trip.stops.filter((_, s) => s !== stopIndex) } : trip,
    )
    .filter((trip) => trip.stops.length > 0);
  return { rest, stop };
}

/** A stop put at the end of a truck's trip, opening a trip (with the truck's own driver) if it has none. */
function onto(plan: SlotPlan, trips: Trips, vehicleId: string, stop: Stop): Trips {
  if (trips.some((trip) => trip.vehicleId === vehicleId))
    return trips.map((trip) =>
      trip.vehicleId === vehicleId ? { ...trip, stops: [...trip.stops, stop] } : trip,
    );
  const busy = new Set(trips.map((trip) => trip.driverId));
  const driver = plan.drivers.find((d) => d.vehicleId === vehicleId && !busy.has(d.id));
  return [...trips, { vehicleId, driverId: driver?.id ?? null, stops: [stop] }];
}

/** The drag type of a stop (a booking's DOs on one truck) on the board. */
const STOP_TYPE = 'application/x-lms-plan-stop';

const sameStop = (a: Stop, b: Stop) =>
  a.bookingId === b.bookingId && a.deliveryOrderIds[0] === b.deliveryOrderIds[0];

/**
 * A dragged stop taken from wherever it was and put on a truck's trip before `before` (its
 * position among that trip's stops as they are drawn), or off every truck (`vehicleId` null).
 */
export function dropped(
  plan: SlotPlan,
  trips: Trips,
  stop: Stop,
  vehicleId: string | null,
  before: number,
): Trips {
  const from = trips.find((trip) => trip.stops.some((s) => sameStop(s, stop)));
  const shift =
    from && from.vehicleId === vehicleId && from.stops.findIndex((s) => sameStop(s, stop)) < before;
  const at = shift ? before - 1 : before;
  const rest = trips
    .map((trip) => ({ ...trip, stops: trip.stops.filter((s) => !sameStop(s, stop)) }))
    .filter((trip) => trip.stops.length > 0);
  if (vehicleId === null) return rest;
  if (!rest.some((trip) => trip.vehicleId === vehicleId)) return onto(plan, rest, vehicleId, stop);
  return rest.map((trip) =>
    trip.vehicleId === vehicleId
      ? { ...trip, stops: [...trip.stops.slice(0, at), stop, ...trip.stops.slice(at)] }
      : trip,
  );
}

/**
 * Shipment planning (`/shipmentPlanning`, issue 19): a day and a shift → the slot's bookings,
 * trucks and drivers; the planner's trips; moves re-checked by the server; confirm.
 */
export function ShipmentPlanningPage({ today, tileUrlTemplate = OSM_TILE_URL }: ShipmentPlanningPageProps) {
  const planning = usePlanningApi();
  const snackbar = useSnackbar();
  const canConfirm = useCanConfirm();
  const [date, setDate] = useState<string | null>(isoOf(today));
  const [chosenShift, setChosenShift] = useState<string | null>(null);
  const shifts = useSWR(planningKeys.shifts(planning.branchId), () => planning.shifts());
  const shiftId = chosenShift ?? shifts.data?.[0]?.id ?? null;
  const key = date && shiftId ? planningKeys.slot(planning.branchId, date, shiftId) : null;
  const slot = useSWR<SlotPlan, ApiError>(key, () => planning.slot(date as string, shiftId as string));
  // The plan being worked on (the planner's or after a move) until it is confirmed or the slot changes.
  const [working, setWorking] = useState<{ key: string; plan: SlotPlan } | null>(null);
  const [refused, setRefused] = useState<readonly string[]>([]);
  const [busy, setBusy] = useState<'plan' | 'move' | 'confirm' | null>(null);
  const keyText = key ? key.join('|') : '';
  const draft = working && working.key === keyText ? working.plan : null;
  const shown = draft ?? slot.data ?? null;

  const choose = (next: { date?: string | null; shift?: string | null }) => {
    if (next.date !== undefined) setDate(next.date);
    if (next.shift !== undefined) setChosenShift(next.shift);
    setRefused([]);
  };

  const autoPlan = async () => {
    if (!date || !shiftId) return;
    setBusy('plan');
    setRefused([]);
    try {
      setWorking({ key: keyText, plan: await planning.plan(date, shiftId) });
    } catch (error) {
      snackbar.error(messagesOfError(error));
    } finally {
      setBusy(null);
    }
  };

  /** Every move goes through the server: it answers the re-timed plan or the rule broken. */
  const tryTrips = async (trips: Trips) => {
    if (!date || !shiftId || !shown) return;
    if (JSON.stringify(trips) === JSON.stringify(tripsOf(shown))) return;
    setBusy('move');
    try {
      const plan = await planning.evaluate(date, shiftId, trips);
      setWorking({ key: keyText, plan: { ...plan, version: shown.version } });
      setRefused([]);
    } catch (error) {
      setRefused(messagesOfError(error));
    } finally {
      setBusy(null);
    }
  };

  const confirm = async () => {
    if (!date || !shiftId || !shown) return;
    setBusy('confirm');
    try {
      const plan = await planning.confirm(date, shiftId, shown.version, tripsOf(shown));
      await slot.mutate(plan, { revalidate: false });
      setWorking(null);
      setRefused([]);
      snackbar.success([`ยืนยันแผนแล้ว: รถ ${plan.trips.length} คัน`]);
    } catch (error) {
      const status = (error as ApiError).status;
      if (status === 409) {
        // Someone confirmed first: show theirs, ours is gone.
        setWorking(null);
        await slot.mutate();
      }
      setRefused(messagesOfError(error));
    } finally {
      setBusy(null);
    }
  };

  const trucks = shown?.trucks ?? [];
  const truckOptions = trucks.map((t) => ({ id: t.id, label: `${t.licensePlate} (${t.vehicleTypeName})` }));
  const bookingOf = (id: string) => shown?.bookings.find((b) => b.id === id);
  const trips = shown ? tripsOf(shown) : [];
  const locked = shown?.trips.some((t) => t.checkedIn) ?? false;

  return (
    <Stack>
      <Panel aria-labelledby="planning-title">
        <h2 id="planning-title">วางแผนจัดรถ</h2>
        <FieldRow>
          <DateField label="วันที่ส่ง" value={date} onChange={(value) => choose({ date: value })} />
          <SelectField
            label="กะ"
            value={shiftId}
            options={(shifts.data ?? []).map((s) => ({
              id: s.id,
              label: `${s.name} ${s.startTime}–${s.endTime}`,
            }))}
            onChange={(value) => choose({ shift: value === null ? null : String(value) })}
          />
        </FieldRow>
        <Toolbar>
          <Button
            onPress={autoPlan}
            isLoading={busy === 'plan'}
            isDisabled={!shown || shown.bookings.length === 0 || locked || busy !== null}
          >
            จัดรถอัตโนมัติ
          </Button>
          {canConfirm && (
            <Button
              variant="secondary"
              onPress={confirm}
              isLoading={busy === 'confirm'}
              isDisabled={!draft || draft.trips.length === 0 || locked || busy !== null}
            >
              ยืนยันแผน
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
        {locked && <Alert tone="warning">มีรถเช็คอินแล้ว จึงเปลี่ยนแผนของกะนี้ไม่ได้</Alert>}
        {refused.length > 0 && (
          <Alert>
            <Messages messages={refused} />
          </Alert>
        )}
      </Panel>

      {slot.error && (
        <Alert>
          <Messages messages={slot.error.messages} />
        </Alert>
      )}
      {!slot.error && !shown && (
        <Panel aria-busy="true">
          <p>กำลังโหลดข้อมูลกะ…</p>
        </Panel>
      )}

      {shown && (
        <>
          <Panel aria-labelledby="planning-figures">
            <h3 id="planning-figures">ภาพรวมวันที่ {thaiDay(shown.date)}</h3>
            <Figures>
              <Figure label="การจองในกะนี้">{shown.bookings.length} รายการ</Figure>
              <Figure label="รถของสาขา">{shown.trucks.length} คัน</Figure>
              <Figure label="คนขับ">{shown.drivers.length} คน</Figure>
              <Figure label="ส่งตรงเวลา (ทั้งวัน)">
                {shown.figures.delivered === 0
                  ? 'ยังไม่มีการส่งเสร็จ'
                  : `${shown.figures.onTime}/${shown.figures.delivered} (${percent((100 * shown.figures.onTime) / shown.figures.delivered)})`}
              </Figure>
              <Figure label="น้ำหนัก จอง / จัดรถ / ความจุ (ทั้งวัน)">
                {kg(shown.figures.booked.weight)} / {kg(shown.figures.planned.weight)} /{' '}
                {kg(shown.figures.capacity.weight)}
              </Figure>
              <Figure label="ใช้ความจุรถ (ทั้งวัน)">
                {shown.figures.capacity.weight > 0
                  ? percent((100 * shown.figures.planned.weight) / shown.figures.capacity.weight)
                  : '-'}
              </Figure>
            </Figures>
          </Panel>

          {shown.bookings.length === 0 ? (
            <Panel>
              <p>ไม่มีการจองที่ยืนยันแล้วในกะนี้</p>
            </Panel>
          ) : (
            <Board aria-label="เที่ยวรถ">
              {shown.trips.map((trip, t) => (
                <TripColumn
                  key={trip.vehicleId}
                  trip={trip}
                  plan={shown}
                  index={t}
                  disabled={busy !== null || locked}
                  truckOptions={truckOptions}
                  bookingOf={bookingOf}
                  onDriver={(driverId) => tryTrips(trips.map((x, i) => (i === t ? { ...x, driverId } : x)))}
                  onMoveUp={(s) =>
                    tryTrips(
                      trips.map((x, i) => {
                        if (i !== t || s === 0) return x;
                        const stops = [...x.stops];
                        [stops[s - 1], stops[s]] = [stops[s] as Stop, stops[s - 1] as Stop];
                        return { ...x, stops };
                      }),
                    )
                  }
                  onMoveTo={(s, vehicleId) => {
                    const { rest, stop } = without(trips, t, s);
                    return tryTrips(onto(shown, rest, vehicleId, stop));
                  }}
                  onUnassign={(s) => tryTrips(without(trips, t, s).rest)}
                  onDrop={(data, before) =>
                    tryTrips(dropped(shown, trips, JSON.parse(data) as Stop, trip.vehicleId, before))
                  }
                />
              ))}
              <Column aria-labelledby="unassigned-title">
                <Zone
                  type={STOP_TYPE}
                  label="วางที่ยังไม่ได้จัดรถ"
                  isDisabled={busy !== null || locked}
                  onDrop={(data) => tryTrips(dropped(shown, trips, JSON.parse(data) as Stop, null, 0))}
                >
                  <h3 id="unassigned-title">ยังไม่ได้จัดรถ ({shown.unassigned.length})</h3>
                  {shown.trips.length === 0 && shown.unassigned.length === 0 && (
                    <p>กด “จัดรถอัตโนมัติ” เพื่อให้ระบบจัดการจองลงรถ</p>
                  )}
                  {shown.unassigned.map((item) => {
                    const booking = bookingOf(item.bookingId);
                    return (
                      <Card
                        key={`${item.bookingId}:${item.reason}`}
                        type={STOP_TYPE}
                        data={JSON.stringify({
                          bookingId: item.bookingId,
                          deliveryOrderIds: item.deliveryOrderIds,
                        })}
                        handleLabel={`ลาก ${booking?.docNo ?? ''}`}
                        isDisabled={busy !== null || locked}
                      >
                        <strong>{booking?.docNo}</strong>
                        <span>{booking?.shipToLabel}</span>
                        <Reason>{item.reason}</Reason>
                        <SelectField
                          label={`จัด ${booking?.docNo ?? ''} ลงรถ`}
                          value={null}
                          options={truckOptions}
                          isDisabled={busy !== null || locked}
                          onChange={(vehicleId) =>
                            vehicleId !== null &&
                            tryTrips(
                              onto(shown, trips, String(vehicleId), {
                                bookingId: item.bookingId,
                                deliveryOrderIds: item.deliveryOrderIds,
                              }),
                            )
                          }
                        />
                      </Card>
                    );
                  })}
                </Zone>
              </Column>
            </Board>
          )}

          {(shown.trips.length > 0 || shown.unassigned.length > 0) && (
            <Panel aria-labelledby="planning-map">
              <h3 id="planning-map">แผนที่เส้นทาง</h3>
              <RouteMap plan={shown} tileUrlTemplate={tileUrlTemplate} />
            </Panel>
          )}
        </>
      )}
    </Stack>
  );
}

function TripColumn({
  trip,
  plan,
  index,
  disabled,
  truckOptions,
  bookingOf,
  onDriver,
  onMoveUp,
  onMoveTo,
  onUnassign,
  onDrop,
}: {
  readonly trip: PlanTrip;
  readonly plan: SlotPlan;
  readonly index: number;
  readonly disabled: boolean;
  readonly truckOptions: readonly { id: string; label: string }[];
  readonly bookingOf: (id: string) => SlotPlan['bookings'][number] | undefined;
  readonly onDriver: (driverId: string | null) => void;
  readonly onMoveUp: (stop: number) => void;
  readonly onMoveTo: (stop: number, vehicleId: string) => void;
  readonly onUnassign: (stop: number) => void;
  /** A stop dragged here, placed before `before` of this trip's stops. */
  readonly onDrop: (data: string, before: number) => void;
}) {
  const truck = plan.trucks.find((t) => t.id === trip.vehicleId);
  const titleId = `trip-${index}`;
  const stage = (key: string) => trip.stages.find((s) => s.stage === key)?.at.time ?? '-';
  return (
    <Column aria-labelledby={titleId}>
      <Zone
        type={STOP_TYPE}
        label={`วางที่รถ ${truck?.licensePlate ?? ''}`}
        isDisabled={disabled}
        onDrop={onDrop}
      >
        <h3 id={titleId}>
          {truck?.licensePlate} <small>{truck?.vehicleTypeName}</small>
        </h3>
        {trip.shipmentDocNo && (
          <span>
            {trip.shipmentDocNo}
            {trip.checkedIn ? ' · เช็คอินแล้ว' : ''}
          </span>
        )}
        <SelectField
          label="คนขับ"
          value={trip.driverId}
          options={plan.drivers.map((d) => ({ id: d.id, label: d.name }))}
          isDisabled={disabled}
          onChange={(value) => onDriver(value === null ? null : String(value))}
        />
        <LoadBar label="น้ำหนัก" used={trip.load.weight} capacity={truck?.capacity.weight ?? 0} format={kg} />
        <LoadBar label="ปริมาตร" used={trip.load.volume} capacity={truck?.capacity.volume ?? 0} format={m3} />
        <LoadBar label="เวลา" used={trip.minutes.used} capacity={trip.minutes.shift} format={minutes} />
        <Times>
          เช็คอิน {stage('CheckIn')} · ออกรถ {stage('ShipStart')} · ส่งเสร็จ {stage('ShipEnd')} ·{' '}
          {km(trip.distanceKm)}
        </Times>
        <Stops>
          {trip.stops.map((stop, s) => {
            const booking = bookingOf(stop.bookingId);
            return (
              <li key={`${stop.bookingId}:${stop.deliveryOrderIds[0]}`}>
                <Card
                  type={STOP_TYPE}
                  data={JSON.stringify({
                    bookingId: stop.bookingId,
                    deliveryOrderIds: stop.deliveryOrderIds,
                  })}
                  handleLabel={`ลาก ${booking?.docNo ?? ''}`}
                  isDisabled={disabled}
                >
                  <strong>
                    {s + 1}. {booking?.docNo}
                  </strong>
                  <span>{booking?.shipToLabel}</span>
                  <span>
                    ถึง {stop.arrival.time}
                    {stop.start.time !== stop.arrival.time ? ` · เริ่มส่ง ${stop.start.time}` : ''} ·{' '}
                    {kg(stop.load.weight)}
                  </span>
                  <StopActions>
                    <Button
                      size="sm"
                      variant="ghost"
                      isDisabled={disabled || s === 0}
                      aria-label={`ขึ้น: ${booking?.docNo ?? ''}`}
                      onPress={() => onMoveUp(s)}
                    >
                      <span aria-hidden="true">↑</span> ขึ้น
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      isDisabled={disabled}
                      aria-label={`เอาออก: ${booking?.docNo ?? ''}`}
                      onPress={() => onUnassign(s)}
                    >
                      เอาออก
                    </Button>
                  </StopActions>
                  <SelectField
                    label={`ย้าย ${booking?.docNo ?? ''} ไปรถ`}
                    value={null}
                    options={truckOptions.filter((o) => o.id !== trip.vehicleId)}
                    isDisabled={disabled}
                    onChange={(vehicleId) => vehicleId !== null && onMoveTo(s, String(vehicleId))}
                  />
                </Card>
              </li>
            );
          })}
        </Stops>
      </Zone>
    </Column>
  );
}

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const Status = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
`;

const Board = styled.div.attrs({ role: 'region', tabIndex: 0 })`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: minmax(260px, 320px);
  gap: ${({ theme }) => theme.space[3]};
  overflow-x: auto;
  padding-bottom: ${({ theme }) => theme.space[2]};
  @media (max-width: 600px) {
    grid-auto-flow: row;
    grid-auto-columns: auto;
  }
`;

const Column = styled.section`
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  min-width: 0;
  & h3 { margin: 0; font-size: ${({ theme }) => theme.font.size.lg}; }
  & small { color: ${({ theme }) => theme.color.textMuted}; font-weight: normal; }
`;

/** The whole column takes a dragged stop: where among the stops it lands is its place. */
const Zone = styled(DropArea)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  height: 100%;
`;

const Stops = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Card = styled(Draggable)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  padding: ${({ theme }) => theme.space[2]};
  padding-right: 40px; /* the drag handle */
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const StopActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[1]};
`;

const Reason = styled.span`
  color: #8f1e18;
`;

const Times = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;
