import { Alert, Button, Icon, StatusScreen, SwitchField } from '@lms/design-system';
import { featureRoles, locationTrackingApi, nullGuard } from '@lms/domain';
import {
  ApiError,
  call,
  fetchEventStream,
  type OpenEventStream,
  useApi,
  useSession,
} from '@lms/entity-pages';
import { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useMapTiles } from '../map/tiles.ts';
import {
  browserGeolocation,
  type Fix,
  fixOf,
  formatClock,
  type GeolocationAdapter,
  type GeoProblem,
  problemOf,
  WATCH_OPTIONS,
} from './geolocation.ts';
import { readPositions, type SharedPosition } from './positionStream.ts';
import { TrackingMap } from './TrackingMap.tsx';
import { TRACKING_TEXT } from './text.ts';

/** The server takes one position per second per user; the page sends at most this often. */
const SHARE_INTERVAL_MS = 1_100;
const RECONNECT_MS = 5_000;

export interface LocationTrackingPageProps {
  /** Where positions come from; default `navigator.geolocation` (followed with `watchPosition`). */
  readonly geolocation?: GeolocationAdapter;
  /** Tile URL template (`{z}/{x}/{y}`); default OpenStreetMap; `null` draws no tiles. */
  readonly tileUrlTemplate?: string | null;
  /** How many of this device's last positions the trail keeps. */
  readonly trailLength?: number;
  /**
   * Opens the live stream of other devices (`GET /api/demo/locationTracking/events`); the host
   * passes one that sends the bearer token, e.g. `fetchEventStream(getToken)`.
   */
  readonly openEventStream?: OpenEventStream;
  /** Map height in pixels (phones get a shorter one by default). */
  readonly mapHeight?: number;
}

type ShareState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'ok'; readonly at: number }
  | { readonly kind: 'error'; readonly messages: readonly string[] };

/** The admin-only location tracking demo (spec §2, `/demo/locationTracking`). */
export function LocationTrackingPage(props: LocationTrackingPageProps) {
  const { user } = useSession();
  const allowed = Boolean(
    user?.roles.some((role) => (featureRoles.locationTracking.read as readonly string[]).includes(role)),
  );
  if (!allowed) return <StatusScreen kind="not-allowed" />;
  return <Tracker {...props} selfId={nullGuard(user).userId} />;
}

function Tracker({
  geolocation = browserGeolocation(),
  tileUrlTemplate,
  trailLength = 100,
  openEventStream,
  mapHeight,
  selfId,
}: LocationTrackingPageProps & { readonly selfId: string }) {
  const api = useApi();
  const tiles = useMapTiles(tileUrlTemplate);
  const [tracking, setTracking] = useState(false);
  const [trail, setTrail] = useState<readonly Fix[]>([]);
  const [problem, setProblem] = useState<GeoProblem | null>(null);
  const [share, setShare] = useState(true);
  const [shareState, setShareState] = useState<ShareState>({ kind: 'idle' });
  const [others, setOthers] = useState<ReadonlyMap<string, SharedPosition>>(new Map());
  const [liveLost, setLiveLost] = useState(false);

  // ---- sharing: the newest fix, at most once per interval ----
  const pending = useRef<Fix | null>(null);
  const lastSent = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const shareRef = useRef(share);
  shareRef.current = share;

  const flush = useCallback(() => {
    timer.current = undefined;
    const fix = pending.current;
    if (!fix || !shareRef.current) return;
    const wait = lastSent.current + SHARE_INTERVAL_MS - Date.now();
    if (wait > 0) {
      timer.current = setTimeout(flush, wait);
      return;
    }
    pending.current = null;
    lastSent.current = Date.now();
    call(api, locationTrackingApi.share, {
      body: { lat: fix.lat, lon: fix.lon, accuracy: fix.accuracy, at: new Date(fix.at).toISOString() },
    })
      .then(() => setShareState({ kind: 'ok', at: fix.at }))
      .catch((error: unknown) =>
        setShareState({
          kind: 'error',
          messages: error instanceof ApiError ? error.messages : [TRACKING_TEXT.shareFailed],
        }),
      );
  }, [api]);

  useEffect(() => () => clearTimeout(timer.current), []);

  // ---- following the device ----
  useEffect(() => {
    if (!tracking) return;
    if (!geolocation) {
      setProblem('unsupported');
      setTracking(false);
      return;
    }
    const id = geolocation.watchPosition(
      (position) => {
        const fix = fixOf(position);
        setProblem(null);
        setTrail((previous) => [...previous, fix].slice(-trailLength));
        pending.current = fix;
        if (!timer.current) flush();
      },
      (error) => {
        const next = problemOf(error.code);
        setProblem(next);
        // Refused: watching on is pointless until the user allows it; the others may recover.
        if (next === 'denied') setTracking(false);
      },
      WATCH_OPTIONS,
    );
    return () => geolocation.clearWatch(id);
  }, [tracking, geolocation, trailLength, flush]);

  // ---- other devices: today's latest, then live ----
  // The host may pass a new opener each render: the stream stays, the latest opener is used.
  const openRef = useRef(openEventStream);
  openRef.current = openEventStream;
  useEffect(() => {
    const controller = new AbortController();
    const open: OpenEventStream = (path, signal) => (openRef.current ?? fetchEventStream())(path, signal);
    const keep = (positions: readonly SharedPosition[]) =>
      setOthers((previous) => {
        const next = new Map(previous);
        for (const p of positions) {
          const known = next.get(p.userId);
          if (p.userId !== selfId && (!known || known.at <= p.at)) next.set(p.userId, p);
        }
        return next;
      });
    const load = () =>
      call(api, locationTrackingApi.positions, { options: { signal: controller.signal } })
        .then(keep)
        .catch(() => {});
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      readPositions(
        open,
        controller.signal,
        () => setLiveLost(false),
        (position) => keep([position]),
      )
        .catch(() => {})
        .finally(() => {
          if (controller.signal.aborted) return;
          setLiveLost(true);
          retry = setTimeout(() => {
            load();
            connect();
          }, RECONNECT_MS);
        });
    };
    load();
    connect();
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [api, selfId]);

  const current = trail.at(-1);
  const otherList = [...others.values()].sort((a, b) => b.at.localeCompare(a.at));
  const status = current ? null : tracking ? TRACKING_TEXT.waiting : TRACKING_TEXT.idle;

  return (
    <Page aria-labelledby="location-tracking-title">
      <Header>
        <div>
          <h1 id="location-tracking-title">{TRACKING_TEXT.title}</h1>
          <p>{TRACKING_TEXT.intro}</p>
        </div>
        <Actions>
          <Button icon={<Icon name="map" />} onPress={() => setTracking(true)} isDisabled={tracking}>
            {TRACKING_TEXT.start}
          </Button>
          <Button variant="secondary" onPress={() => setTracking(false)} isDisabled={!tracking}>
            {TRACKING_TEXT.stop}
          </Button>
        </Actions>
      </Header>
      <SwitchField
        label={TRACKING_TEXT.share}
        value={share}
        onChange={(value) => {
          setShare(value);
          if (value && pending.current && !timer.current) flush();
        }}
      />
      {problem && <Alert withIcon>{TRACKING_TEXT.errors[problem]}</Alert>}
      {status && <p role="status">{status}</p>}
      <TrackingMap
        trail={trail}
        others={otherList}
        tileUrlTemplate={tiles.tileUrlTemplate}
        attribution={tiles.attribution}
        height={mapHeight}
      />
      {current && (
        <Facts>
          <div>
            <dt>{TRACKING_TEXT.lastFix}</dt>
            <dd data-testid="last-fix-time">{formatClock(current.at)}</dd>
          </div>
          <div>
            <dt>{TRACKING_TEXT.coordinates}</dt>
            <dd>
              {current.lat.toFixed(5)}, {current.lon.toFixed(5)}
            </dd>
          </div>
          <div>
            <dt>{TRACKING_TEXT.accuracy}</dt>
            <dd>{TRACKING_TEXT.meters(current.accuracy)}</dd>
          </div>
          <div>
            <dt>{TRACKING_TEXT.trailPoints}</dt>
            <dd data-testid="trail-count">{trail.length}</dd>
          </div>
        </Facts>
      )}
      {share && shareState.kind === 'ok' && (
        <Muted>{TRACKING_TEXT.sharedAt(formatClock(shareState.at))}</Muted>
      )}
      {share && shareState.kind === 'error' && (
        <Alert withIcon>
          {TRACKING_TEXT.shareFailed}: {shareState.messages.join(' ')}
        </Alert>
      )}
      <section aria-labelledby="location-tracking-others">
        <h2 id="location-tracking-others">{TRACKING_TEXT.others}</h2>
        {liveLost && <Muted>{TRACKING_TEXT.liveLost}</Muted>}
        {otherList.length === 0 ? (
          <Muted>{TRACKING_TEXT.noOthers}</Muted>
        ) : (
          <Others>
            {otherList.map((other) => (
              <li key={other.userId}>
                <strong>{other.fullName || other.username}</strong> ({other.username}) ·{' '}
                {formatClock(other.at)} · {TRACKING_TEXT.meters(other.accuracy)}
              </li>
            ))}
          </Others>
        )}
      </section>
    </Page>
  );
}

const Page = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  h1 { margin: 0; font-size: ${({ theme }) => theme.font.size.xl}; }
  h2 { margin: 0 0 ${({ theme }) => theme.space[2]}; font-size: ${({ theme }) => theme.font.size.lg}; }
  p { margin: 0; }
`;

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  p { color: ${({ theme }) => theme.color.textMuted}; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  dt { color: ${({ theme }) => theme.color.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
  dd { margin: 0; font-variant-numeric: tabular-nums; }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;

const Others = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space[5]};
`;
