export { CapacityCalendar, type CapacityCalendarProps } from './CapacityCalendar.tsx';
export { type CalendarView, thaiDays, thaiMonths } from './calendarDates.ts';
