import { LoadingScreen } from '@lms/design-system';
import { lazyComponent } from '@lms/design-system/lazyComponent';
import { DRIVER_APP_PATH } from '@lms/domain';
import {
  DriverProvider,
  driverToday,
  LinkClaimScreen,
  SignInScreen,
  TripListScreen,
  TripScreen,
  useDriver,
} from '@lms/features/driver';
import { Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Outlet, useNavigate, useParams, useRoutes } from 'react-router-dom';

/**
 * The driver's app (issue 39, docs/driver.md): its own page (`driver.html`) and entry, nothing of
 * the staff shell. Its paths, which the server answers with `driver.html` (the rest of `/driver` is
 * the staff's driver records): the day's trips (`/driver/trips`), a trip, a stop, and a trip link
 * (`/driver/link/<token>`, the URL the server sends the driver).
 */
// A stop's screen (the proof's fields, signature, photo, the failure form) is the deepest: its own
// chunk, fetched while the trips show (the service worker precaches it with the rest, for offline).
const StopScreen = lazyComponent(() => import('@lms/features/driver/StopScreen').then((m) => m.StopScreen));

export const DRIVER_BASE = DRIVER_APP_PATH;
const tripPath = (id: string) => `${DRIVER_BASE}/${id}`;

/** Signed out: the sign-in (or, on a link's path, the PIN). A link's phone opens only its trip. */
function Gate() {
  const { session } = useDriver();
  if (session === undefined) return <LoadingScreen />;
  if (session === null) return <SignInScreen />;
  return <Outlet />;
}

function Trips() {
  const { session } = useDriver();
  const navigate = useNavigate();
  if (session?.kind === 'link') return <Navigate to={tripPath(session.tripId)} replace />;
  return <TripListScreen date={driverToday()} onOpenTrip={(id) => navigate(tripPath(id))} />;
}

function Trip() {
  const { id = '' } = useParams();
  const { session, signOut } = useDriver();
  const navigate = useNavigate();
  // The trip's stops are the next tap: their screen's chunk is fetched now, not on the tap.
  useEffect(() => void StopScreen.preload(), []);
  return (
    <TripScreen
      tripId={id}
      onOpenStop={(stopId) => navigate(`${tripPath(id)}/stops/${stopId}`)}
      onBack={session?.kind === 'user' ? () => navigate(DRIVER_BASE) : undefined}
      onSignIn={() => void signOut()}
    />
  );
}

function Stop() {
  const { id = '', stopId = '' } = useParams();
  const { signOut } = useDriver();
  const navigate = useNavigate();
  return (
    <Suspense fallback={<LoadingScreen />}>
      <StopScreen
        tripId={id}
        stopId={stopId}
        onBack={() => navigate(tripPath(id), { replace: true })}
        onSignIn={() => void signOut()}
      />
    </Suspense>
  );
}

/** A trip link: the PIN binds it to this phone once; opened again, it goes straight to the trip. */
function Link() {
  const { token = '' } = useParams();
  const { session } = useDriver();
  if (session === undefined) return <LoadingScreen />;
  if (session?.kind === 'link' && session.token === token)
    return <Navigate to={tripPath(session.tripId)} replace />;
  return <LinkClaimScreen token={token} />;
}

// React Router's declarative mode: its data router is 16.5 kB gzip the app does not use (issue 41).
const routes = [
  { path: '/driver/link/:token', element: <Link /> },
  {
    element: <Gate />,
    children: [
      { path: DRIVER_BASE, element: <Trips /> },
      { path: `${DRIVER_BASE}/:id`, element: <Trip /> },
      { path: `${DRIVER_BASE}/:id/stops/:stopId`, element: <Stop /> },
      { path: '*', element: <Navigate to={DRIVER_BASE} replace /> },
    ],
  },
];

function Screens() {
  return useRoutes(routes);
}

export function DriverApp() {
  return (
    <DriverProvider>
      <BrowserRouter>
        <Screens />
      </BrowserRouter>
    </DriverProvider>
  );
}
