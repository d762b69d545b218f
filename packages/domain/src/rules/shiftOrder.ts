/**
 * The one order of shifts on every screen and paper (home, calendars, wizard, planning, PDFs): by
 * start time, then name — never by name alone, which puts กะค่ำ before กะเช้า and กะบ่าย (issue 43
 * item 8). The engine's own search order (priority first: booking.md) is a ranking, not this.
 */
export interface ShiftOrdered {
  readonly startTime: string;
  readonly name: string;
}

const thai = new Intl.Collator('th');

export function compareShifts(a: ShiftOrdered, b: ShiftOrdered): number {
  return a.startTime.localeCompare(b.startTime) || thai.compare(a.name, b.name);
}
