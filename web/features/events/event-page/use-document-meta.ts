import { useEffect } from 'react';
import type { Event } from '@contract/events';
import {
  BRAND_NAME,
  buildEventMetaDescription,
  buildEventPageTitle,
  DEFAULT_SOCIAL_IMAGE_PATH,
} from '@contract/social';

// The same defaults the server writes into every page that is not an event (server/modules/social).
const DEFAULT_DESCRIPTION =
  'Discover volunteer events near you, RSVP, share them with friends and follow your Volunteer Journey.';

interface DocumentMeta {
  title: string;
  description: string;
  type: 'website' | 'article';
  image: string;
  url: string;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

function applyMeta(meta: DocumentMeta) {
  document.title = meta.title;
  setMeta('name', 'description', meta.description);
  setMeta('property', 'og:site_name', BRAND_NAME);
  setMeta('property', 'og:title', meta.title);
  setMeta('property', 'og:description', meta.description);
  setMeta('property', 'og:type', meta.type);
  setMeta('property', 'og:url', meta.url);
  setMeta('property', 'og:image', meta.image);
  setMeta('name', 'twitter:card', 'summary_large_image');
  setMeta('name', 'twitter:title', meta.title);
  setMeta('name', 'twitter:description', meta.description);
  setMeta('name', 'twitter:image', meta.image);
}

function applyDefaultMeta() {
  const origin = window.location.origin;
  applyMeta({
    title: BRAND_NAME,
    description: DEFAULT_DESCRIPTION,
    type: 'website',
    image: `${origin}${DEFAULT_SOCIAL_IMAGE_PATH}`,
    url: `${origin}${window.location.pathname}`,
  });
}

/**
 * On the event page, the tab title and the social tags follow the event shown, and go back to the
 * defaults when the user leaves it, so a client-side navigation never leaves a stale title behind.
 * The texts are the server's (contract/social), so a shared link and the open tab agree.
 */
export function useEventDocumentMeta(
  event: Pick<Event, 'id' | 'title' | 'date' | 'location' | 'description'> | undefined,
) {
  const id = event?.id;
  const title = event?.title;
  const date = event?.date;
  const location = event?.location;
  const description = event?.description;
  useEffect(() => {
    if (
      id === undefined ||
      title === undefined ||
      date === undefined ||
      location === undefined ||
      description === undefined
    )
      return;
    const origin = window.location.origin;
    applyMeta({
      title: buildEventPageTitle(title),
      description: buildEventMetaDescription({ title, date: new Date(date), location, description }),
      type: 'article',
      image: `${origin}/api/events/${id}/og-image`,
      url: `${origin}/events/${id}`,
    });
  }, [id, title, date, location, description]);

  // Restore on leaving the page (unmount), not between two events.
  useEffect(() => applyDefaultMeta, []);
}
