import { bangkokIsoDate, isValidIsoDate } from '@lms/domain';
import type { IsoDate } from './world.ts';

/** The engine's days: today as an input, the arithmetic the domain's (`rules/calendarDay.ts`). */
export { addDays, daysBetween, daysFrom } from '@lms/domain';

/** Today as a calendar day in Asia/Bangkok: a day passes through, an instant is read in Bangkok. */
export function todayIn(today: IsoDate | Date): IsoDate {
  if (typeof today === 'string') {
    if (!isValidIsoDate(today)) throw new RangeError(`Not a date: ${today}`);
    return today;
  }
  return bangkokIsoDate(today);
}
