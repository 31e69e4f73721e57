import { randomBytes } from 'node:crypto';
import pLimit from 'p-limit';
import { EVENT_LIMITS } from '../../contract/event-limits';
import { PHOTO_WIDTHS } from '../../contract/photos';
import { badRequest, HttpError } from './http-error';

const PHOTO_FORMAT_MESSAGE = 'Each photo must be a PNG, JPEG, WebP or GIF image';
const PHOTO_SIZE_MESSAGE = `Each photo must be at most ${EVENT_LIMITS.imageBytesMax / (1024 * 1024)} MB`;

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);
const MAX_STORED_WIDTH = PHOTO_WIDTHS.full;
/**
 * Cards are about 380 CSS px wide and a phone's event page at most about 430: 800 px covers both at a
 * phone's 1.75-2x density, at about a third of the bytes of the 1600 px photo.
 */
const CARD_WIDTH = PHOTO_WIDTHS.card;
const WEBP_QUALITY = 82;
/**
 * A 300 kB PNG can claim 10 000 × 10 000 pixels, which libvips would decode into 300 MB:
 * the header's dimensions are checked before any decoding, and libvips enforces the same bound again
 * (limitInputPixels) in case a format's header and body disagree.
 */
const MAX_INPUT_PIXELS = 40_000_000;
const PHOTO_PIXELS_MESSAGE = `Each photo must be at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`;
/**
 * A decode of a 40-megapixel photo holds about 160 MB; two at once per process keeps parallel uploads
 * (ten photos each, from many users) within the server's memory. Module-level: one queue per process.
 */
const DECODE_CONCURRENCY = 2;
const decodeLimit = pLimit(DECODE_CONCURRENCY);
const decodeCounts = { running: 0, mostAtOnce: 0, started: 0 };

/**
 * How many photo decodes run now, the most that ever ran at once, and how many have started (for tests and
 * diagnostics).
 */
export function readPhotoDecodeCounts(): Readonly<typeof decodeCounts> {
  return { ...decodeCounts };
}

/** A photo ready to store, with its card rendition, null when the photo is no wider than a card. */
export type PreparedPhoto = {
  id: string;
  position: number;
  contentType: string;
  width: number;
  height: number;
  bytes: Buffer;
  cardBytes: Buffer | null;
};

function decodeDataUrl(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

// Loaded with the first photo, not at start: libvips costs resident memory most processes never use.
async function loadSharp() {
  return (await import('sharp')).default;
}

/** Where in the body a refused photo was: the event payload's `images.N`, or a logo's `image`. */
type FieldPath = (position: number) => string;
const imagesPath: FieldPath = (position) => `images.${position}`;

function formatRefusal(position: number, pathOf: FieldPath = imagesPath): HttpError {
  return badRequest(PHOTO_FORMAT_MESSAGE, [{ path: pathOf(position), message: PHOTO_FORMAT_MESSAGE }]);
}

/** The create payload's photos as bytes; each over 5 MB → 413. Nothing is decoded yet. */
export function readPhotoUploads(dataUrls: string[], pathOf: FieldPath = imagesPath): Buffer[] {
  const buffers = dataUrls.map(decodeDataUrl);
  buffers.forEach((buffer, position) => {
    if (buffer.length > EVENT_LIMITS.imageBytesMax) {
      throw new HttpError(413, PHOTO_SIZE_MESSAGE, {}, [{ path: pathOf(position), message: PHOTO_SIZE_MESSAGE }]);
    }
  });
  return buffers;
}

/**
 * Reads each photo's header only (metadata() decodes no pixels): the format must be one we accept, and
 * a canvas over MAX_INPUT_PIXELS is refused with 413 before anything is decoded.
 */
export async function inspectPhotos(buffers: Buffer[], pathOf: FieldPath = imagesPath): Promise<void> {
  const sharp = await loadSharp();
  for (const [position, buffer] of buffers.entries()) {
    let metadata;
    try {
      metadata = await sharp(buffer, { limitInputPixels: false }).metadata();
    } catch {
      throw formatRefusal(position, pathOf);
    }
    if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height)
      throw formatRefusal(position, pathOf);
    if (metadata.width * metadata.height > MAX_INPUT_PIXELS) {
      throw new HttpError(413, PHOTO_PIXELS_MESSAGE, {}, [{ path: pathOf(position), message: PHOTO_PIXELS_MESSAGE }]);
    }
  }
}

/**
 * The declared type of a data URL proves nothing, so the decoder decides what the bytes are. Every
 * photo is re-encoded: that drops EXIF (GPS position included), ICC comments and anything appended to
 * the image, and bounds the stored size.
 */
/** A stored photo's id: unguessable, as its URL is served to anyone who has it. */
export function newPhotoId(): string {
  return randomBytes(16).toString('base64url');
}

async function reencode(input: Buffer, position: number): Promise<PreparedPhoto> {
  decodeCounts.running += 1;
  decodeCounts.started += 1;
  decodeCounts.mostAtOnce = Math.max(decodeCounts.mostAtOnce, decodeCounts.running);
  try {
    const sharp = await loadSharp();
    const oriented = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const { data, info } = await oriented
      .clone()
      .resize({ width: MAX_STORED_WIDTH, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    const cardBytes =
      info.width > CARD_WIDTH
        ? await oriented.clone().resize({ width: CARD_WIDTH }).webp({ quality: WEBP_QUALITY }).toBuffer()
        : null;
    return {
      id: newPhotoId(),
      position,
      contentType: 'image/webp',
      width: info.width,
      height: info.height,
      bytes: data,
      cardBytes,
    };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw formatRefusal(position);
  } finally {
    decodeCounts.running -= 1;
  }
}

/**
 * Re-encodes photos that inspectPhotos accepted, each with its card rendition, at most
 * DECODE_CONCURRENCY at once in this process; runs before the transaction, which it would hold up.
 */
export function reencodePhotos(buffers: Buffer[]): Promise<PreparedPhoto[]> {
  // Once one photo is refused the request fails: its photos still queued are not decoded for nothing.
  let refusal: unknown = null;
  return Promise.all(
    buffers.map((buffer, position) =>
      decodeLimit(async () => {
        if (refusal) throw refusal;
        try {
          return await reencode(buffer, position);
        } catch (error) {
          refusal = error;
          throw error;
        }
      }),
    ),
  );
}

/** A logo as stored: a square WebP, the first frame of an animation only. */
export type PreparedLogo = { id: string; contentType: string; bytes: Buffer };

/**
 * Re-encodes a logo that inspectPhotos accepted to a `size`-pixel square (cropped to its middle, as the
 * round and rounded frames that show it would), in the same decode queue as event photos.
 */
export function reencodeLogo(input: Buffer, size: number, pathOf: FieldPath): Promise<PreparedLogo> {
  return decodeLimit(async () => {
    decodeCounts.running += 1;
    decodeCounts.started += 1;
    decodeCounts.mostAtOnce = Math.max(decodeCounts.mostAtOnce, decodeCounts.running);
    try {
      const sharp = await loadSharp();
      const bytes = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width: size, height: size, fit: 'cover' })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer();
      return { id: newPhotoId(), contentType: 'image/webp', bytes };
    } catch {
      throw formatRefusal(0, pathOf);
    } finally {
      decodeCounts.running -= 1;
    }
  });
}
