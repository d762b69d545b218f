import { type DriverTrip, formatDateTime, TAP_REFUSED_BEFORE_SHIFT_MINUTES } from '@lms/domain';
import { Notice } from './layout.tsx';
import { driverText } from './text.ts';

/** In place of the taps of a trip whose taps are not open yet (`tapsOpen`): from when, and why. */
export function NotYet({ trip }: { readonly trip: DriverTrip }) {
  if (!trip.tapsFrom) return null;
  return (
    <Notice role="status" $tone="warning">
      {driverText.notYet(formatDateTime(trip.tapsFrom), TAP_REFUSED_BEFORE_SHIFT_MINUTES / 60)}
    </Notice>
  );
}
