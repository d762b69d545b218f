import { Alert, Button, type MapMarker, MapView, mapColors, useEra } from '@lms/design-system';
import {
  addDays,
  type BoardPosition,
  type BoardTrip,
  deliveryApi,
  featureRoles,
  formatDate,
  type MapTiles,
  type TripProgress,
} from '@lms/domain';
import {
  ApiError,
  call,
  type OpenEventStream,
  operationPath,
  Page,
  PageHeader,
  readEvents,
  useApi,
  useSession,
} from '@lms/entity-pages';
import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { useMapTiles } from '../map/tiles.ts';
import { applyPositions, applyProgress, boardFigures } from './boardState.ts';
import { TripCard } from './TripCard.tsx';
import { boardText } from './text.ts';

type Load = { kind: 'loading' } | { kind: 'ready'; trips: BoardTrip[] } | { kind: 'error'; message: string };

/** After the stream ends or breaks: read the board again and listen again this much later. */
const RECONNECT_MS = 3_000;

/**
 * The dispatcher's board (issue 39): today's trips of the acting branch, each truck's position on
 * the map (tiles where they load, the plain background where they do not), each trip's stops done,
 * next and late, and every remaining stop's ETA, flagged when it falls outside the booked window.
 * Live: the branch's board stream sends positions and trips' progress, merged into what was read.
 */
export function DeliveryBoardPage({
  today,
  openEventStream,
  tileUrlTemplate,
}: {
  readonly today: string;
  readonly openEventStream: OpenEventStream;
  readonly tileUrlTemplate?: string | null;
}) {
  const api = useApi();
  const era = useEra();
  const tiles = useMapTiles(tileUrlTemplate);
  const { branchId, user } = useSession();
  // Today's trips, or tomorrow's: what a dispatcher prepares the evening before (planned, not yet running).
  const [day, setDay] = useState(today);
  const isToday = day === today;
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [live, setLive] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const canLink = !!user && featureRoles.shipmentPlanning.edit.some((r) => user.roles.includes(r));

  const read = useCallback(async () => {
    if (!branchId) return;
    try {
      const trips = await call(api, deliveryApi.board, { query: { branchId, date: day } });
      setLoad({ kind: 'ready', trips: [...trips] });
    } catch (error) {
      setLoad({
        kind: 'error',
        message: error instanceof ApiError ? error.messages.join(' ') : String(error),
      });
    }
  }, [api, branchId, day]);

  // Read the board, then follow its stream; when the stream ends, read again and listen again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt asks for a fresh read
  useEffect(() => {
    if (!branchId) return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const follow = async () => {
      await read();
      try {
        const response = await openEventStream(
          `${operationPath(deliveryApi.boardEvents).slice(1)}?branchId=${encodeURIComponent(branchId)}`,
          abort.signal,
        );
        if (!response.ok || !response.body) throw new Error(`board stream ${response.status}`);
        setLive(true);
        for await (const { events } of readEvents(response.body)) {
          for (const event of events) {
            try {
              const data = JSON.parse(event.data) as unknown;
              if (event.event === 'positions')
                setLoad((l) =>
                  l.kind === 'ready' ? { ...l, trips: applyPositions(l.trips, data as BoardPosition[]) } : l,
                );
              if (event.event === 'trips')
                setLoad((l) =>
                  l.kind === 'ready' ? { ...l, trips: applyProgress(l.trips, data as TripProgress[]) } : l,
                );
            } catch {
              // Not ours: ignored.
            }
          }
        }
      } catch {
        // Broken or refused: read and listen again below.
      }
      if (abort.signal.aborted) return;
      setLive(false);
      timer = setTimeout(follow, RECONNECT_MS);
    };
    void follow();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [branchId, read, openEventStream, attempt]);

  return (
    <Page>
      <PageHeader title={boardText.title}>
        <LiveBadge role="status" data-live={live || undefined}>
          {live ? boardText.live : boardText.reconnecting}
        </LiveBadge>
      </PageHeader>
      <DayLine>
        <strong>{boardText.day(formatDate(day, era), isToday)}</strong>
        {isToday ? (
          <Button variant="secondary" size="sm" onPress={() => setDay(addDays(today, 1))}>
            {boardText.showTomorrow}
          </Button>
        ) : (
          <Button variant="secondary" size="sm" onPress={() => setDay(today)}>
            {boardText.backToToday}
          </Button>
        )}
      </DayLine>
      {load.kind === 'loading' && <p role="status">{boardText.loading}</p>}
      {load.kind === 'error' && (
        <>
          <Alert>{load.message}</Alert>
          <div>
            <Button onPress={() => setAttempt((a) => a + 1)}>{boardText.retry}</Button>
          </div>
        </>
      )}
      {load.kind === 'ready' && (
        <Board
          trips={load.trips}
          emptyText={isToday ? boardText.empty : boardText.emptyOn(formatDate(day, era))}
          tiles={tiles}
          canLink={canLink}
          day={day}
        />
      )}
    </Page>
  );
}

function Board({
  trips,
  emptyText,
  tiles,
  canLink,
  day,
}: {
  readonly trips: readonly BoardTrip[];
  readonly emptyText: string;
  readonly tiles: MapTiles;
  readonly canLink: boolean;
  readonly day: string;
}) {
  const figures = boardFigures(trips);
  const trucks = trips.flatMap((trip, i): MapMarker[] =>
    trip.position
      ? [
          {
            key: trip.id,
            at: trip.position,
            color: mapColors[i % mapColors.length] as string,
            size: 9,
            shape: 'square',
            outline: 2,
            label: trip.licensePlate ?? trip.docNo,
            data: { 'data-truck': trip.docNo },
          },
        ]
      : [],
  );
  if (trips.length === 0) return <p>{emptyText}</p>;
  return (
    <>
      <Figures>{boardText.figures(figures.running, figures.done, figures.stops, figures.late)}</Figures>
      <MapView
        label={`${boardText.map} ${trucks.length} คัน`}
        emptyText={boardText.noPosition}
        tileUrlTemplate={tiles.tileUrlTemplate}
        attribution={tiles.attribution}
        markers={trucks}
        scaleBar
      />
      <Trips aria-label={boardText.trips}>
        {trips.map((trip, i) => (
          <TripCard
            key={trip.id}
            trip={trip}
            color={mapColors[i % mapColors.length] as string}
            canLink={canLink}
            day={day}
          />
        ))}
      </Trips>
    </>
  );
}

const LiveBadge = styled.span`
  padding: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.disabledBackground};
  font-size: ${({ theme }) => theme.font.size.sm};
  &[data-live] {
    background: #e6f4ea;
    color: #14532d;
  }
`;
const DayLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
`;

const Figures = styled.p`
  margin: 0;
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;
const Trips = styled.section`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 520px), 1fr));
  gap: ${({ theme }) => theme.space[3]};
`;
