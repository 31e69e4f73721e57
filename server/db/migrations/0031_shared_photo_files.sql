CREATE TABLE "photo_files" (
	"id" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"card_bytes" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Hand-edited (decisions §22, shared photos): the column is added empty, filled from the rows' own bytes
-- below, and only then made NOT NULL, so a database with photos migrates.
ALTER TABLE "event_photos" ADD COLUMN "file_id" text;--> statement-breakpoint
-- Backfill: one file per distinct photo (bytes and card rendition alike), so the copies that series and
-- duplicated events stored row by row collapse into one file; each row then references its file. One pass
-- over the photos' bytes, once.
INSERT INTO "photo_files" ("id", "bytes", "card_bytes", "created_at")
SELECT DISTINCT ON (md5("bytes"), md5(coalesce("card_bytes", ''::bytea))) "id", "bytes", "card_bytes", "created_at"
FROM "event_photos"
ORDER BY md5("bytes"), md5(coalesce("card_bytes", ''::bytea)), "created_at", "id";--> statement-breakpoint
UPDATE "event_photos" p SET "file_id" = f."id"
FROM "photo_files" f
WHERE md5(f."bytes") = md5(p."bytes") AND md5(coalesce(f."card_bytes", ''::bytea)) = md5(coalesce(p."card_bytes", ''::bytea))
  AND f."bytes" = p."bytes" AND f."card_bytes" IS NOT DISTINCT FROM p."card_bytes";--> statement-breakpoint
ALTER TABLE "event_photos" ALTER COLUMN "file_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "event_photos" ADD CONSTRAINT "event_photos_file_id_photo_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."photo_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_photos_file" ON "event_photos" USING btree ("file_id");--> statement-breakpoint
ALTER TABLE "event_photos" DROP COLUMN "bytes";--> statement-breakpoint
ALTER TABLE "event_photos" DROP COLUMN "card_bytes";--> statement-breakpoint
-- Hand-written: a file goes with the last row that references it, whichever way the row goes (a photo
-- removed in an edit, the event deleted, its organizer's account deleted: cascades fire row triggers too).
CREATE FUNCTION "free_unreferenced_photo_file"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "photo_files" f WHERE f."id" = OLD."file_id"
    AND NOT EXISTS (SELECT 1 FROM "event_photos" p WHERE p."file_id" = OLD."file_id");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "event_photos_free_file" AFTER DELETE OR UPDATE OF "file_id" ON "event_photos"
FOR EACH ROW EXECUTE FUNCTION "free_unreferenced_photo_file"();
