import { randomBytes } from 'node:crypto';
import { EVENT_LIMITS } from '../../../contract/events';
import { PHOTO_WIDTHS, type PhotoSize } from '../../../contract/photos';
import type { Executor } from '../../db/client';
import { badRequest, HttpError, notFound } from '../../lib/http-error';
import { findPhotoRendition } from './event-photos.repository';
import type { NewPhoto } from './events.repository';

export const PHOTO_FORMAT_MESSAGE = 'Each photo must be a PNG, JPEG, WebP or GIF image';
export const PHOTO_SIZE_MESSAGE = `Each photo must be at most ${EVENT_LIMITS.imageBytesMax / (1024 * 1024)} MB`;

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);
const MAX_STORED_WIDTH = PHOTO_WIDTHS.full;
/**
 * Cards are about 380 CSS px wide and a phone's event page at most about 430: 800 px covers both at a
 * phone's 1.75-2x density, at about a third of the bytes of the 1600 px photo.
 */
const CARD_WIDTH = PHOTO_WIDTHS.card;
const WEBP_QUALITY = 82;
// A small file can still claim a huge canvas; refusing it early keeps a decompression bomb from eating memory.
const MAX_INPUT_PIXELS = 100_000_000;

/** A stored photo with its card rendition, null when the photo is no wider than a card. */
export type PreparedPhoto = NewPhoto & { cardBytes: Buffer | null };

export function photoUrl(photoId: string): string {
  return `/api/images/${photoId}`;
}

/** GET /api/images/{id}?size=card: the card rendition, or the photo itself when it has none. */
export async function getPhotoRendition(db: Executor, photoId: string, size: PhotoSize) {
  const photo = await findPhotoRendition(db, photoId, size);
  if (!photo) throw notFound('Photo not found');
  return photo;
}

function decodeDataUrl(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/**
 * The declared type of a data URL proves nothing, so the decoder decides what the bytes are. Every
 * photo is re-encoded: that drops EXIF (GPS position included), ICC comments and anything appended to
 * the image, and bounds the stored size.
 */
async function reencode(input: Buffer, position: number): Promise<PreparedPhoto> {
  const refusal = badRequest(PHOTO_FORMAT_MESSAGE, [{ path: `images.${position}`, message: PHOTO_FORMAT_MESSAGE }]);
  try {
    // Loaded with the first photo, not at start: libvips costs resident memory most processes never use.
    const { default: sharp } = await import('sharp');
    const metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw refusal;
    const oriented = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const { data, info } = await oriented
      .clone()
      .resize({ width: MAX_STORED_WIDTH, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    const cardBytes = info.width > CARD_WIDTH ? await oriented.clone().resize({ width: CARD_WIDTH }).webp({ quality: WEBP_QUALITY }).toBuffer() : null;
    return { id: randomBytes(16).toString('base64url'), position, contentType: 'image/webp', width: info.width, height: info.height, bytes: data, cardBytes };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw refusal;
  }
}

/**
 * Checks and re-encodes the create payload's photos, each with its card rendition; runs before the
 * transaction, which it would hold up. The renditions are stored with the photos, in that transaction.
 */
export async function preparePhotos(dataUrls: string[]): Promise<PreparedPhoto[]> {
  const buffers = dataUrls.map(decodeDataUrl);
  buffers.forEach((buffer, position) => {
    if (buffer.length > EVENT_LIMITS.imageBytesMax) {
      throw new HttpError(413, PHOTO_SIZE_MESSAGE, {}, [{ path: `images.${position}`, message: PHOTO_SIZE_MESSAGE }]);
    }
  });
  return Promise.all(buffers.map((buffer, position) => reencode(buffer, position)));
}
