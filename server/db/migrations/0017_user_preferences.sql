CREATE TABLE "user_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"place" text,
	"category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"onboarded_at" timestamp with time zone,
	"tips_dismissed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_preferences_place_length" CHECK (char_length("user_preferences"."place") <= 100),
	CONSTRAINT "user_preferences_category_count" CHECK (cardinality("user_preferences"."category_ids") <= 5)
);
--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;