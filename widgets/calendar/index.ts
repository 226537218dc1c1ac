export { Calendar, preloadCalendar, type CalendarProps } from './Calendar';
export { EventDialog, type EventDialogProps } from './EventDialog';
export { useCalendarController } from './useCalendarController';
