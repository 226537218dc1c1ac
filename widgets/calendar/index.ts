export { Calendar, type CalendarProps } from './Placeholder';
