import type { Event } from '@contract/events';
import { ATTENDANCE_WINDOW_DAYS } from '@contract/event-management';

/** When attendance may be recorded: from the start, an event's or a slot's, for ATTENDANCE_WINDOW_DAYS. */
export function attendanceWindow(event: Pick<Event, 'date'>, now = Date.now()) {
  const start = new Date(event.date).getTime();
  const end = start + ATTENDANCE_WINDOW_DAYS * 24 * 60 * 60 * 1000;
  return { hasStarted: start <= now, isOpen: start <= now && now <= end, closesAt: new Date(end).toISOString() };
}
