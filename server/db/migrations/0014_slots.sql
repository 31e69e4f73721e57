CREATE TABLE "slot_signups" (
	"slot_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"attended" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slot_signups_slot_id_user_id_pk" PRIMARY KEY("slot_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "slot_waitlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"slot_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"role" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"requires_approval" boolean DEFAULT false NOT NULL,
	"signup_count" integer DEFAULT 0 NOT NULL,
	"pending_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slots_capacity" CHECK ("slots"."signup_count" + "slots"."pending_count" <= "slots"."capacity"),
	CONSTRAINT "slots_capacity_range" CHECK ("slots"."capacity" BETWEEN 1 AND 10000),
	CONSTRAINT "slots_counts" CHECK ("slots"."signup_count" >= 0 AND "slots"."pending_count" >= 0),
	CONSTRAINT "slots_window" CHECK ("slots"."ends_at" > "slots"."starts_at" AND "slots"."ends_at" <= "slots"."starts_at" + interval '24 hours')
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "slot_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "open_slot_places" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "slot_signups" ADD CONSTRAINT "slot_signups_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_signups" ADD CONSTRAINT "slot_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_waitlist_entries" ADD CONSTRAINT "slot_waitlist_entries_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_waitlist_entries" ADD CONSTRAINT "slot_waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slot_signups_user" ON "slot_signups" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "slot_waitlist_entries_slot_user" ON "slot_waitlist_entries" USING btree ("slot_id","user_id");--> statement-breakpoint
CREATE INDEX "slot_waitlist_entries_slot_id" ON "slot_waitlist_entries" USING btree ("slot_id","id");--> statement-breakpoint
CREATE INDEX "slot_waitlist_entries_user" ON "slot_waitlist_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "slots_event_starts" ON "slots" USING btree ("event_id","starts_at");