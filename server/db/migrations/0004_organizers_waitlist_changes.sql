CREATE TABLE "event_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"event_id" integer NOT NULL,
	"actor_id" text,
	"recipient_ids" text[] NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "status" text DEFAULT 'scheduled' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "duration_minutes" integer DEFAULT 180 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "is_announcement" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rsvps" ADD COLUMN "attended" boolean;--> statement-breakpoint
ALTER TABLE "event_changes" ADD CONSTRAINT "event_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_changes_unprocessed" ON "event_changes" USING btree ("id") WHERE "event_changes"."processed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "event_changes_event" ON "event_changes" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_event_user" ON "waitlist_entries" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_event_id" ON "waitlist_entries" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_user" ON "waitlist_entries" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_duration" CHECK ("events"."duration_minutes" BETWEEN 15 AND 1440);