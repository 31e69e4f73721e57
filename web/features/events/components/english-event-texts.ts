import { i18n } from '@/lib/i18n';
import englishEventDetail from '@/locales/en/event-detail.json';
import englishEvents from '@/locales/en/events.json';

/*
 * The English of the event screens ships inside them. English is every language's fallback, so these
 * two files are always fetched; as chunks of their own they were one more round trip on slow 4G
 * before Home or Discover could paint (Lighthouse).
 */
for (const [namespace, texts] of [
  ['events', englishEvents],
  ['event-detail', englishEventDetail],
] as const) {
  if (!i18n.hasResourceBundle('en', namespace)) i18n.addResourceBundle('en', namespace, texts);
}
