import type { FastifyRequest } from 'fastify';
import { EVENT_PAGE_PHOTO_SIZES, photoSources } from '../../../contract/photos';
import {
  BRAND_NAME,
  buildEventMetaDescription,
  buildEventPageTitle,
  DEFAULT_SOCIAL_IMAGE_PATH,
} from '../../../contract/social';
import type { Database } from '../../db/client';
import { findEventPreview, findOrganizationPreview, type EventPreview } from './social.repository';

const DEFAULT_DESCRIPTION =
  'Discover volunteer events near you, RSVP, share them with friends and follow your Volunteer Journey.';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );
}

type Tags = { title: string; description: string; type: 'website' | 'article'; image: string; url: string | null };

function renderTags(tags: Tags): string {
  const title = escapeHtml(tags.title);
  const description = escapeHtml(tags.description);
  const image = escapeHtml(tags.image);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<meta property="og:site_name" content="${BRAND_NAME}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:type" content="${tags.type}" />`,
    ...(tags.url === null ? [] : [`<meta property="og:url" content="${escapeHtml(tags.url)}" />`]),
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
  const candidates = srcSet
    ? ` imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(EVENT_PAGE_PHOTO_SIZES)}"`
    : '';
  // The page's <img> sends no Referer (the linked image is another site's), and a preload is only used
  // for a request that matches it.
  return `\n    <link rel="preload" as="image" fetchpriority="high" referrerpolicy="no-referrer" href="${escapeHtml(src)}"${candidates} />`;
}

/** Previews show about this much of a description; the rest is cut at a word with an ellipsis. */
const PREVIEW_DESCRIPTION_MAX = 200;

function shortenDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= PREVIEW_DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, PREVIEW_DESCRIPTION_MAX);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > PREVIEW_DESCRIPTION_MAX / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** A slug as the contract allows it (3–40 of a-z, 0-9, -): anything else has no page to preview. */
const ORGANIZATION_PATH = /^\/o\/([a-z0-9-]{3,40})\/?$/;

/**
 * Link-preview crawlers run no script, so the HTML the server sends for /events/{id} and /o/{slug}
 * already carries that event's (organization's) title, description and image; every other page gets the defaults.
 * Absolute URLs come from PUBLIC_URL only. The Host header is the caller's to choose: echoed into the
 * page, a forged one would land in any cache that keys on the path alone and point previews elsewhere.
 * Without PUBLIC_URL the image is root-relative and og:url is left out (a crawler then uses the URL it
 * fetched).
 */
export function createLinkPreviewRenderer(db: Database, options: { publicUrl: string | null; timeZone: string }) {
  const origin = options.publicUrl?.replace(/\/$/, '') ?? '';
  const canonicalUrl = (path: string) => (options.publicUrl ? `${origin}${path}` : null);
  return async (request: FastifyRequest): Promise<string> => {
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
          url: canonicalUrl(`/events/${event.id}`),
        });
        // Guests see the event page (and its photo) too.
        return tags + renderPhotoPreload(event);
      }
    }
    const organizationSlug = ORGANIZATION_PATH.exec(path)?.[1];
    const organization = organizationSlug ? await findOrganizationPreview(db, organizationSlug) : undefined;
    if (organization) {
      // A logo is a square image of this site (/api/images/…); without one the site's own picture.
      const image = organization.logoUrl ?? DEFAULT_SOCIAL_IMAGE_PATH;
      return renderTags({
        title: buildEventPageTitle(organization.name),
        description: shortenDescription(organization.description),
        type: 'website',
        image: image.startsWith('/') ? `${origin}${image}` : image,
        url: canonicalUrl(`/o/${organization.slug}`),
      });
    }
    return renderTags({
      title: BRAND_NAME,
      description: DEFAULT_DESCRIPTION,
      type: 'website',
      image: `${origin}${DEFAULT_SOCIAL_IMAGE_PATH}`,
      url: canonicalUrl(path),
    });
  };
}
