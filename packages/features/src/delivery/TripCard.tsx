import { Alert, Button, useEra } from '@lms/design-system';
import {
  type BoardTrip,
  bangkokIsoDate,
  canceledAhead,
  type DateFormatOptions,
  deliveryApi,
  formatDate,
  formatDateTime,
  formatTime,
  optionLabel,
  servedStops,
  stopStatusOptions,
  type TripLinkCreated,
  tripOfDay,
  tripStatusOptions,
} from '@lms/domain';
import { ApiError, call, useApi, useSession } from '@lms/entity-pages';
import { useState } from 'react';
import styled from 'styled-components';
import { boardText } from './text.ts';

const statusLabel = (options: readonly { value: string; label: string }[], value: string) =>
  optionLabel(options, value) ?? value;
/**
 * An instant on the trip's day as `HH:mm`; on another day with its date too: an ETA worked out
 * after midnight is not read as that morning's (docs/delivery.md "A day's trips").
 */
const timeOn = (day: string, era: DateFormatOptions) => (at: string | null) =>
  !at ? '-' : bangkokIsoDate(new Date(at)) === day ? formatTime(at) : formatDateTime(at, era);

/**
 * One trip on the dispatcher's board (docs/delivery.md): its state, stops done and next, its stops'
 * windows and ETAs (late ones flagged), and for a contractor's driver the trip link with its PIN.
 */
export function TripCard({
  trip,
  color,
  canLink,
  day,
}: {
  readonly trip: BoardTrip;
  readonly color: string;
  readonly canLink: boolean;
  /** The board's day, `yyyy-MM-dd`: a trip of another day (the day before's, still under way) says so. */
  readonly day: string;
}) {
  // Times read in the trip's own day, as on the driver's phone: a trip of the day before shows its
  // windows as its hours and only what falls on another day (an ETA after midnight) with a date.
  const era = useEra();
  const time = timeOn(trip.date, era);
  const next = trip.stops.find((s) => s.id === trip.nextStopId);
  const title = [trip.docNo, trip.licensePlate, trip.driverName && boardText.driver(trip.driverName)]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card aria-label={title} style={{ borderLeftColor: color }}>
      <h3>{title}</h3>
      <Summary>
        {trip.date !== day && <span>{tripOfDay(formatDate(trip.date, era))}</span>}
        <span>{statusLabel(tripStatusOptions, trip.status)}</span>
        <span>{boardText.stopsDone(trip.done, servedStops(trip.stops).length)}</span>
        {next && (
          <span>
            {boardText.next}: {next.seq}. {next.shipToName} ({boardText.nextEta(time(next.eta))})
          </span>
        )}
        {trip.late > 0 && <Late>{boardText.lateCount(trip.late)}</Late>}
        {trip.position && <span>{boardText.positionAt(time(trip.position.at))}</span>}
      </Summary>
      {/* Scrolls sideways on a phone: reachable by keyboard. */}
      <Scroll tabIndex={0} role="group" aria-label={`${boardText.stops} ${trip.docNo}`}>
        <table>
          <thead>
            <tr>
              <th scope="col">{boardText.seq}</th>
              <th scope="col">{boardText.shipTo}</th>
              <th scope="col">{boardText.window}</th>
              <th scope="col">{boardText.eta}</th>
              <th scope="col">{boardText.status}</th>
            </tr>
          </thead>
          <tbody>
            {trip.stops.map((stop) => (
              <tr
                key={stop.id}
                data-next={stop.id === trip.nextStopId || undefined}
                data-late={stop.late || undefined}
              >
                <td>{stop.seq}</td>
                <td>
                  {stop.shipToName}
                  <Muted>{stop.bookingDocNo}</Muted>
                  {/* On a phone the ETA's column is past the card's edge: the flag shows here instead. */}
                  {stop.late && !canceledAhead(stop) && <Late data-narrow="">{boardText.late}</Late>}
                </td>
                <td>
                  {time(stop.windowFrom)}–{time(stop.windowTo)}
                </td>
                {canceledAhead(stop) ? (
                  // No time to expect at a stop not to be served.
                  <td>-</td>
                ) : (
                  <td>
                    {stop.arrivedAt
                      ? boardText.arrived(time(stop.arrivedAt))
                      : time(stop.eta ?? stop.plannedArrival)}
                    {stop.leftAt && <Muted>{boardText.left(time(stop.leftAt))}</Muted>}
                    {stop.late && <Late data-wide="">{boardText.late}</Late>}
                  </td>
                )}
                {canceledAhead(stop) ? (
                  <td data-status="CANCELED">{boardText.canceled}</td>
                ) : (
                  <td data-status={stop.status}>{statusLabel(stopStatusOptions, stop.status)}</td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </Scroll>
      {canLink && trip.status !== 'DONE' && <TripLink tripId={trip.id} />}
    </Card>
  );
}

/** A trip link for a contractor's driver: made here, the URL and PIN shown once (docs/delivery.md). */
function TripLink({ tripId }: { readonly tripId: string }) {
  const api = useApi();
  const { branchId } = useSession();
  const [made, setMade] = useState<TripLinkCreated>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const make = async () => {
    if (!branchId) return;
    setBusy(true);
    setProblem(undefined);
    try {
      setMade(
        await call(api, deliveryApi.createLink, {
          params: { id: tripId },
          query: { branchId },
          body: { send: false },
        }),
      );
    } catch (error) {
      setProblem(error instanceof ApiError ? error.messages.join(' ') : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <LinkRow>
      <Button variant="secondary" size="sm" isLoading={busy} onPress={make}>
        {boardText.makeLink}
      </Button>
      {made && (
        <output aria-label={boardText.link}>
          <code>{boardText.linkMade(made.url, made.pin)}</code>
          <Muted>{boardText.linkNote}</Muted>
        </output>
      )}
      {problem && <Alert>{problem}</Alert>}
    </LinkRow>
  );
}

const Card = styled.section`
  min-width: 0;
  /* The stops' table reads its card's width, not the screen's (the board may sit in a narrow column). */
  container-type: inline-size;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-left-width: 6px;
  border-radius: ${({ theme }) => theme.radius.md};
  padding: ${({ theme }) => theme.space[3]};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
    overflow-wrap: anywhere;
  }
`;
const Summary = styled.p`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.color.textMuted};
`;
const Late = styled.strong`
  display: block;
  color: ${({ theme }) => theme.color.danger};
`;
const Muted = styled.span`
  display: block;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
const Scroll = styled.div`
  overflow-x: auto;
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: ${({ theme }) => theme.font.size.md};
  }
  th,
  td {
    text-align: left;
    vertical-align: top;
    padding: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[2]};
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  td:not(:nth-child(2)),
  th {
    white-space: nowrap;
  }
  /* One late flag at a time: beside the ETA where its column shows, under the place where it does not. */
  [data-narrow] {
    display: none;
  }
  @container (max-width: 480px) {
    [data-narrow] {
      display: block;
    }
    [data-wide] {
      display: none;
    }
  }
  th {
    color: ${({ theme }) => theme.color.textMuted};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  tr[data-next] td {
    background: ${({ theme }) => theme.color.secondary};
  }
  td[data-status='DELIVERED'] {
    color: ${({ theme }) => theme.color.success};
  }
  td[data-status='FAILED'],
  td[data-status='CANCELED'] {
    color: ${({ theme }) => theme.color.danger};
  }
  td[data-status='PARTIAL'] {
    color: ${({ theme }) => theme.color.warning};
  }
`;
const LinkRow = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2]};
  code {
    overflow-wrap: anywhere;
  }
`;
