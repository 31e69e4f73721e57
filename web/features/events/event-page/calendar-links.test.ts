import { describe, expect, it } from 'vitest';
import { eventCalendarFileUrl, eventEndDate, googleCalendarUrl, outlookCalendarUrl } from './calendar-links';

const event = {
  id: 42,
  title: 'Beach & dune cleanup',
  description: 'Bring gloves.',
  location: 'Praia do Guincho, Cascais',
  date: '2026-12-05T09:30:00.000Z',
  durationMinutes: 150,
};

describe('calendar links', () => {
  it('ends the event durationMinutes after its start', () => {
    expect(eventEndDate(event).toISOString()).toBe('2026-12-05T12:00:00.000Z');
  });

  it('fills Google Calendar’s template with UTC dates, title, place and the event link', () => {
    const url = new URL(googleCalendarUrl(event, 'https://pitchin.example/events/42'));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Beach & dune cleanup');
    expect(url.searchParams.get('dates')).toBe('20261205T093000Z/20261205T120000Z');
    expect(url.searchParams.get('location')).toBe('Praia do Guincho, Cascais');
    expect(url.searchParams.get('details')).toBe('Bring gloves.\n\nhttps://pitchin.example/events/42');
  });

  it('fills Outlook’s compose link with ISO start and end', () => {
    const url = new URL(outlookCalendarUrl(event, null));
    expect(url.origin + url.pathname).toBe('https://outlook.live.com/calendar/0/deeplink/compose');
    expect(url.searchParams.get('rru')).toBe('addevent');
    expect(url.searchParams.get('subject')).toBe('Beach & dune cleanup');
    expect(url.searchParams.get('startdt')).toBe('2026-12-05T09:30:00.000Z');
    expect(url.searchParams.get('enddt')).toBe('2026-12-05T12:00:00.000Z');
    expect(url.searchParams.get('body')).toBe('Bring gloves.');
  });

  it('cuts a long description so the link stays usable', () => {
    const url = new URL(googleCalendarUrl({ ...event, description: 'x'.repeat(5000) }, null));
    expect(url.searchParams.get('details')!.length).toBe(1000);
    expect(eventCalendarFileUrl(42)).toBe('/api/events/42/calendar.ics');
  });
});
