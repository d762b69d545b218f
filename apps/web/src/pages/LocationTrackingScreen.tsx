import { LocationTrackingPage } from '@lms/features/demo';
import { openEventStream } from './eventStream.ts';

/** The location tracking demo (its own chunk: the map and the geolocation code). */
export function LocationTrackingScreen() {
  return <LocationTrackingPage openEventStream={openEventStream} />;
}
