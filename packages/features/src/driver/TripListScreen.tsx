import { Icon, PlainButton } from '@lms/design-system';
import {
  addDays,
  type DriverTripSummary,
  formatDate,
  formatDateTime,
  formatTime,
  optionLabel,
  tripOfDay,
  tripStatusOptions,
} from '@lms/domain';
import styled from 'styled-components';
import { useDriver } from './DriverProvider.tsx';
import { Card, DriverFrame, LoadingOrError, Notice } from './layout.tsx';
import { SyncBar } from './SyncBar.tsx';
import { driverText } from './text.ts';
import { useDay } from './useLoaded.ts';

const statusLabel = (status: string) => optionLabel(tripStatusOptions, status) ?? status;

/**
 * The driver's first screen: today's trips, each a big button to its stops; then tomorrow's, once
 * planned (what a driver looks at the evening before; their taps wait for their day).
 */
export function TripListScreen({
  date,
  onOpenTrip,
}: {
  readonly date: string;
  readonly onOpenTrip: (tripId: string) => void;
}) {
  const { sync, flush, answer, signOut, session } = useDriver();
  const [day, retry] = useDay(date);
  const next = addDays(date, 1);
  const [tomorrow] = useDay(next);
  return (
    <DriverFrame
      title={driverText.tripsTitle}
      status={
        <SyncBar
          sync={sync}
          onSend={() => void flush()}
          onAnswer={(keep) => void answer(keep)}
          onSignIn={() => void signOut()}
        />
      }
      footer={
        session?.kind === 'user' && (
          <PlainButton
            variant="ghost"
            fullWidth
            isDisabled={sync.waiting > 0}
            onPress={() => void signOut()}
            aria-describedby={sync.waiting > 0 ? 'driver-signout-waiting' : undefined}
          >
            {driverText.signOut}
          </PlainButton>
        )
      }
    >
      {session?.kind === 'user' && <Notice>{session.name}</Notice>}
      <LoadingOrError state={day} onRetry={retry} />
      {day.kind === 'ready' && (
        <>
          {day.savedAt && (
            <Notice $tone="warning">{driverText.savedCopy(formatDateTime(day.savedAt))}</Notice>
          )}
          {day.value.length === 0 && <Notice>{driverText.noTrips}</Notice>}
          <TripList label={driverText.tripsTitle} day={date} trips={day.value} onOpenTrip={onOpenTrip} />
        </>
      )}
      {tomorrow.kind === 'ready' && tomorrow.value.length > 0 && (
        <>
          <Heading>{driverText.tomorrowTitle(formatDate(next))}</Heading>
          <TripList
            label={driverText.tomorrowTitle(formatDate(next))}
            day={next}
            trips={tomorrow.value}
            onOpenTrip={onOpenTrip}
          />
        </>
      )}
      {sync.waiting > 0 && session?.kind === 'user' && (
        <Card as="div">
          <Notice id="driver-signout-waiting">{driverText.signOutWaiting}</Notice>
        </Card>
      )}
    </DriverFrame>
  );
}

/** Trips of a day, each a big button to its stops. */
function TripList({
  label,
  day,
  trips,
  onOpenTrip,
}: {
  readonly label: string;
  /** The list's day: a trip of the day before still under way says whose it is. */
  readonly day: string;
  readonly trips: readonly DriverTripSummary[];
  readonly onOpenTrip: (tripId: string) => void;
}) {
  return (
    <List aria-label={label}>
      {trips.map((trip) => (
        <li key={trip.id}>
          <TripButton type="button" onClick={() => onOpenTrip(trip.id)}>
            <Icon name="truck" size={32} />
            <span>
              <strong>{trip.docNo}</strong>
              {trip.date !== day && <span>{tripOfDay(formatDate(trip.date))}</span>}
              <span>
                {[
                  trip.licensePlate && driverText.plate(trip.licensePlate),
                  trip.start && driverText.start(formatTime(trip.start)),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
              <span>
                {statusLabel(trip.status)} · {driverText.stopsDone(trip.done, trip.stops)}
              </span>
            </span>
            <Icon name="chevron-right" />
          </TripButton>
        </li>
      ))}
    </List>
  );
}

const Heading = styled.h2`
  margin: ${({ theme }) => theme.space[2]} 0 0;
  font-size: ${({ theme }) => theme.font.size.lg};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;
const TripButton = styled.button`
  width: 100%;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  min-height: 72px;
  padding: ${({ theme }) => theme.space[3]} ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  text-align: left;
  cursor: pointer;
  > span {
    flex: 1;
    display: flex;
    flex-direction: column;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  > span > span {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.md};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
  }
`;
