ALTER TABLE "slots" ADD COLUMN "series_slot_id" integer;--> statement-breakpoint
CREATE INDEX "slots_series_slot" ON "slots" USING btree ("series_slot_id");--> statement-breakpoint
-- Slots added to several dates before this column: the same role at the same time relative to its date
-- on dates of one series is one slot copied (decision 0032).
UPDATE "slots" SET "series_slot_id" = "grouped"."first_id"
FROM (
  SELECT "slots"."id",
    min("slots"."id") OVER "copies" AS "first_id",
    count(*) OVER "copies" AS "copy_count"
  FROM "slots" JOIN "events" ON "events"."id" = "slots"."event_id"
  WHERE "events"."series_id" IS NOT NULL
  WINDOW "copies" AS (
    PARTITION BY "events"."series_id", "slots"."role", "slots"."starts_at" - "events"."date", "slots"."ends_at" - "slots"."starts_at"
  )
) AS "grouped"
WHERE "grouped"."id" = "slots"."id" AND "grouped"."copy_count" > 1;
