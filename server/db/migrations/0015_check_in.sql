ALTER TABLE "rsvps" ADD COLUMN "ticket_code" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "rsvps" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rsvps" ADD COLUMN "checked_out_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "rsvps_ticket_code" ON "rsvps" USING btree ("ticket_code");