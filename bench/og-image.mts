import { renderOgImage } from '../server/modules/social/og-image';

/** `npm run bench:og-image`: time to draw the link-preview PNG (first call loads fonts). */
const event = {
  id: 1,
  title: 'Riverside Cleanup & Picnic at Tejo Park',
  description: 'Bring gloves.',
  location: 'Parque das Nações, Lisbon',
  date: new Date('2026-12-05T10:00:00Z'),
  rsvpCount: 12,
  maxAttendees: 30,
  updatedAt: new Date(),
  categoryName: 'Cleanup',
  categoryColor: 'green',
  organizerFirstName: 'Maria',
  organizerLastName: 'Łopez',
};
const first = performance.now();
await renderOgImage(event, 'UTC');
const cold = performance.now() - first;
const runs = 20;
const times: number[] = [];
for (let index = 0; index < runs; index += 1) {
  const started = performance.now();
  await renderOgImage({ ...event, rsvpCount: index }, 'UTC');
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    coldMs: Math.round(cold),
    warmMedianMs: Math.round(times[runs / 2]!),
    warmP95Ms: Math.round(times[Math.floor(runs * 0.95)]!),
    runs,
  }),
);
