import { LocationTrackingPage } from '@lms/entity-pages';
import { openEventStream } from './eventStream.ts';

/** The location tracking demo (its own chunk: the map and the geolocation code). */
export function LocationTrackingScreen() {
  return <LocationTrackingPage openEventStream={openEventStream} />;
}
