import { bangkokIsoDate } from '@lms/domain';

/** Today as the branch's staff see it: the calendar day in Asia/Bangkok (the screens take no clock). */
export const bangkokToday = (): Date => new Date(`${bangkokIsoDate(new Date())}T00:00:00`);

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** A day the address names (`?wantedDate=`, `?date=`), or null when the parameter is absent or no `YYYY-MM-DD`. */
export function dayParam(search: URLSearchParams, name: string): string | null {
  const value = search.get(name);
  return value && isoDay.test(value) ? value : null;
}
