import type { FastifyRequest } from 'fastify';
import { EVENT_PAGE_PHOTO_SIZES, photoSources } from '../../../contract/photos';
import { BRAND_NAME, buildEventMetaDescription, buildEventPageTitle, DEFAULT_SOCIAL_IMAGE_PATH } from '../../../contract/social';
import type { Database } from '../../db/client';
import { findEventPreview, type EventPreview } from './social.repository';

const DEFAULT_DESCRIPTION = 'Discover volunteer events near you, RSVP, share them with friends and follow your Volunteer Journey.';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);
}

type Tags = { title: string; description: string; type: 'website' | 'article'; image: string; url: string };

function renderTags(tags: Tags): string {
  const title = escapeHtml(tags.title);
  const description = escapeHtml(tags.description);
  const image = escapeHtml(tags.image);
  const url = escapeHtml(tags.url);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<meta property="og:site_name" content="${BRAND_NAME}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:type" content="${tags.type}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${image}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${image}" />`,
  ].join('\n    ');
}

/**
 * The event page's first photo is its largest paint, but the page only asks for it once its script has
 * loaded and the event has been fetched. The preload starts it with the HTML, with the srcset and sizes
 * of the page's own <img> (event-detail-page.tsx), so the browser picks the same file and fetches it once.
 */
function renderPhotoPreload(event: Pick<EventPreview, 'firstPhotoId' | 'imageUrl'>): string {
  // The same choice as the page: the uploaded photos first, else the linked image (eventPhotos()).
  const first = event.firstPhotoId ? `/api/images/${event.firstPhotoId}` : event.imageUrl;
  if (!first) return '';
  const { src, srcSet } = photoSources(first);
  const candidates = srcSet ? ` imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(EVENT_PAGE_PHOTO_SIZES)}"` : '';
  return `\n    <link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(src)}"${candidates} />`;
}

/**
 * decisions §9: link-preview crawlers run no script, so the HTML the server sends for /events/{id}
 * already carries that event's title, description and image; every other page gets the defaults.
 */
export function createLinkPreviewRenderer(db: Database, options: { publicUrl: string | null; timeZone: string }) {
  return async (request: FastifyRequest): Promise<string> => {
    const origin = options.publicUrl ?? `${request.protocol}://${request.host}`;
    const path = request.url.split('?')[0] ?? '/';
    const match = /^\/events\/(\d{1,10})\/?$/.exec(path);
    const eventId = match ? Number(match[1]) : NaN;
    if (Number.isSafeInteger(eventId) && eventId > 0 && eventId <= 2_147_483_647) {
      const event = await findEventPreview(db, eventId);
      if (event) {
        const tags = renderTags({
          title: buildEventPageTitle(event.title),
          description: buildEventMetaDescription(event, options.timeZone),
          type: 'article',
          image: `${origin}/api/events/${event.id}/og-image`,
          url: `${origin}/events/${event.id}`,
        });
        // Only a signed-in visitor sees the event page (and its photo); crawlers and visitors get the landing.
        return request.user ? tags + renderPhotoPreload(event) : tags;
      }
    }
    return renderTags({ title: BRAND_NAME, description: DEFAULT_DESCRIPTION, type: 'website', image: `${origin}${DEFAULT_SOCIAL_IMAGE_PATH}`, url: `${origin}${path}` });
  };
}
