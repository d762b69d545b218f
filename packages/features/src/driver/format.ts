import { bangkokIsoDate, formatDate, formatDateTime, formatTime } from '@lms/domain';

/**
 * Times on the phone are the trip's day's (Bangkok): one on another day carries its date, as on the
 * dispatcher's board — a night trip's ETA after midnight, or a trip of the day before still under
 * way read on the next morning, is not mistaken for one of the trip's own hours.
 */
const onDay = (at: string, day: string) => bangkokIsoDate(new Date(at)) === day;

/** `09:00–11:00 น.`: a window on the phone; on another day than the trip's, with its date first. */
export const windowText = (from: string, to: string, day: string) =>
  `${onDay(from, day) ? '' : `${formatDate(from)} `}${formatTime(from)}–${formatTime(to)} น.`;
/** `09:00 น.`, or `29/11/2025 00:10 น.` on another day than the trip's. */
export const timeText = (at: string | null | undefined, day: string) =>
  at ? `${onDay(at, day) ? formatTime(at) : formatDateTime(at)} น.` : '-';
/** `tel:` wants digits (and a leading +) only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
