import { randomBytes } from 'node:crypto';
import { EVENT_LIMITS } from '../../../contract/events';
import { badRequest, HttpError } from '../../lib/http-error';
import type { NewPhoto } from './events.repository';

export const PHOTO_FORMAT_MESSAGE = 'Each photo must be a PNG, JPEG, WebP or GIF image';
export const PHOTO_SIZE_MESSAGE = `Each photo must be at most ${EVENT_LIMITS.imageBytesMax / (1024 * 1024)} MB`;

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);
const MAX_STORED_WIDTH = 1600;
// A small file can still claim a huge canvas; refusing it early keeps a decompression bomb from eating memory.
const MAX_INPUT_PIXELS = 100_000_000;

export function photoUrl(photoId: string): string {
  return `/api/images/${photoId}`;
}

function decodeDataUrl(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/**
 * The declared type of a data URL proves nothing, so the decoder decides what the bytes are. Every
 * photo is re-encoded: that drops EXIF (GPS position included), ICC comments and anything appended to
 * the image, and bounds the stored size.
 */
async function reencode(input: Buffer, position: number): Promise<NewPhoto> {
  const refusal = badRequest(PHOTO_FORMAT_MESSAGE, [{ path: `images.${position}`, message: PHOTO_FORMAT_MESSAGE }]);
  try {
    // Loaded with the first photo, not at start: libvips costs resident memory most processes never use.
    const { default: sharp } = await import('sharp');
    const metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw refusal;
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_STORED_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { id: randomBytes(16).toString('base64url'), position, contentType: 'image/webp', width: info.width, height: info.height, bytes: data };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw refusal;
  }
}

/** Checks and re-encodes the create payload's photos; runs before the transaction, which it would hold up. */
export async function preparePhotos(dataUrls: string[]): Promise<NewPhoto[]> {
  const buffers = dataUrls.map(decodeDataUrl);
  buffers.forEach((buffer, position) => {
    if (buffer.length > EVENT_LIMITS.imageBytesMax) {
      throw new HttpError(413, PHOTO_SIZE_MESSAGE, {}, [{ path: `images.${position}`, message: PHOTO_SIZE_MESSAGE }]);
    }
  });
  return Promise.all(buffers.map((buffer, position) => reencode(buffer, position)));
}
