import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PhotoSize } from '../../../contract/photos';
import type { Executor } from '../../db/client';
import { eventPhotos, events, photoFiles } from '../../db/schema';

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
          ? sql<Buffer>`COALESCE(${photoFiles.cardBytes}, ${photoFiles.bytes})`.mapWith(photoFiles.bytes)
          : photoFiles.bytes,
    })
    .from(eventPhotos)
    .innerJoin(photoFiles, eq(photoFiles.id, eventPhotos.fileId))
    .where(eq(eventPhotos.id, photoId))
    .limit(1);
  return row;
}

/**
 * The stored size of each of `photoIds` that belongs to an event `organizerId` organizes (photo and card
 * rendition); the others are left out.
 */
export async function measureOrganizersPhotos(
  db: Executor,
  photoIds: readonly string[],
  organizerId: string,
): Promise<Map<string, number>> {
  if (photoIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: eventPhotos.id,
      bytes:
        sql<number>`octet_length(${photoFiles.bytes}) + coalesce(octet_length(${photoFiles.cardBytes}), 0)`.mapWith(
          Number,
        ),
    })
    .from(eventPhotos)
    .innerJoin(photoFiles, eq(photoFiles.id, eventPhotos.fileId))
    .innerJoin(events, eq(events.id, eventPhotos.eventId))
    .where(and(inArray(eventPhotos.id, [...photoIds]), eq(events.organizerId, organizerId)));
  return new Map(rows.map((row) => [row.id, row.bytes]));
}

/**
 * Shows stored photos on `eventId` too, each under a new id referencing the same file (decisions §22: the
 * dates of a series and a duplicated event share one stored photo; no bytes are copied).
 */
export async function copyPhotos(
  db: Executor,
  eventId: number,
  copies: ReadonlyArray<{ sourceId: string; id: string; position: number }>,
): Promise<void> {
  for (const copy of copies)
    await db.execute(sql`
      INSERT INTO event_photos (id, event_id, position, content_type, width, height, file_id)
      SELECT ${copy.id}, ${eventId}, ${copy.position}, content_type, width, height, file_id
      FROM event_photos WHERE id = ${copy.sourceId}`);
}
