export { CapacityCalendar, type CapacityCalendarProps, type VisibleRange } from './CapacityCalendar.tsx';
export { type CalendarView, thaiDays, thaiMonths } from './calendarDates.ts';
