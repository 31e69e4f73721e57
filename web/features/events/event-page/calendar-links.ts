import type { Event } from '@contract/events';

/** Calendar links stay short enough for every browser and calendar: the description is cut to this. */
const DETAILS_MAX = 1000;

type CalendarEvent = Pick<Event, 'id' | 'title' | 'description' | 'location' | 'date' | 'durationMinutes'>;

/** The event's calendar file, which a guest may download too. */
export function eventCalendarFileUrl(eventId: number): string {
  return `/api/events/${eventId}/calendar.ics`;
}

export function eventEndDate(event: Pick<Event, 'date' | 'durationMinutes'>): Date {
  return new Date(new Date(event.date).getTime() + event.durationMinutes * 60_000);
}

/** 20261125T183000Z: Google's dates format (UTC, no separators, whole seconds). */
function googleDate(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

function detailsOf(event: CalendarEvent, eventUrl: string | null): string {
  const description =
    event.description.length > DETAILS_MAX ? `${event.description.slice(0, DETAILS_MAX - 1)}…` : event.description;
  return eventUrl ? `${description}\n\n${eventUrl}` : description;
}

/** Google Calendar's "create event" template, filled with the event. */
export function googleCalendarUrl(event: CalendarEvent, eventUrl: string | null): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${googleDate(new Date(event.date))}/${googleDate(eventEndDate(event))}`,
    details: detailsOf(event, eventUrl),
    location: event.location,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** Outlook on the web's compose deep link (personal accounts), filled with the event. */
export function outlookCalendarUrl(event: CalendarEvent, eventUrl: string | null): string {
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.title,
    startdt: new Date(event.date).toISOString(),
    enddt: eventEndDate(event).toISOString(),
    body: detailsOf(event, eventUrl),
    location: event.location,
  });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${params.toString()}`;
}
