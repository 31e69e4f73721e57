import { eq, sql } from 'drizzle-orm';
import type { PhotoSize } from '../../../contract/photos';
import type { Executor } from '../../db/client';
import { eventPhotos } from '../../db/schema';

/**
 * One rendition's bytes, reading only that rendition: the card one falls back to the photo itself when
 * it has none (no wider than a card, or stored before renditions existed).
 */
export async function findPhotoRendition(db: Executor, photoId: string, size: PhotoSize) {
  const [row] = await db
    .select({
      contentType: eventPhotos.contentType,
      bytes:
        size === 'card'
          ? sql<Buffer>`COALESCE(${eventPhotos.cardBytes}, ${eventPhotos.bytes})`.mapWith(eventPhotos.bytes)
          : eventPhotos.bytes,
    })
    .from(eventPhotos)
    .where(eq(eventPhotos.id, photoId))
    .limit(1);
  return row;
}
