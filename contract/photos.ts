/**
 * Event photos (`images` of an event) are URLs of GET /api/images/{id}. Each is stored up
 * to 1600 px wide, and with a rendition at most 800 px wide served at `?size=card` (the photo itself
 * when it is no wider). The web app offers both through srcset; the server preloads the event page's
 * first photo with the very same srcset and sizes, so the browser picks the same file for both.
 */
export const PHOTO_SIZES = ['full', 'card'] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];
export const PHOTO_WIDTHS: Record<PhotoSize, number> = { full: 1600, card: 800 };

/** An event card: one column on phones, then two, three and four across a 1280 px wide page. */
export const EVENT_CARD_PHOTO_SIZES =
  '(min-width: 1280px) 300px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';
/** The event page's first photo: the width of its 1152 px wide column, less its padding. */
export const EVENT_PAGE_PHOTO_SIZES = '(min-width: 1152px) 1104px, 100vw';

const STORED_PHOTO_URL = /^\/api\/images\/[A-Za-z0-9_-]+$/;

/**
 * src and srcset of a photo URL: the card rendition as the default and for narrow slots, the full photo
 * for wide or dense ones. A linked image elsewhere has one size only, so it gets no srcset.
 */
export function photoSources(url: string): { src: string; srcSet?: string } {
  if (!STORED_PHOTO_URL.test(url)) return { src: url };
  const card = `${url}?size=card`;
  return { src: card, srcSet: `${card} ${PHOTO_WIDTHS.card}w, ${url} ${PHOTO_WIDTHS.full}w` };
}
