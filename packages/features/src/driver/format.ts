import { formatTime } from '@lms/domain';

/** `09:00–11:00 น.`: a window on the phone (Bangkok time). */
export const windowText = (from: string, to: string) => `${formatTime(from)}–${formatTime(to)} น.`;
export const timeText = (at: string | null | undefined) => (at ? `${formatTime(at)} น.` : '-');
/** `tel:` wants digits (and a leading +) only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
