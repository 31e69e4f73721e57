CREATE TABLE "rate_limit_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "security_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text,
	"kind" text NOT NULL,
	"client_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "receiver_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "receiver_email" text;--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window" ON "rate_limit_counters" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "security_events_user_created" ON "security_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "security_events_created" ON "security_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "messages_receiver_email" ON "messages" USING btree ("receiver_email") WHERE "messages"."receiver_email" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_has_receiver" CHECK ("messages"."receiver_id" IS NOT NULL OR "messages"."receiver_email" IS NOT NULL);--> statement-breakpoint
-- decisions §16: an event's imageUrl is https only and never a loopback, private or link-local address.
-- The rows stored before that rule are cleared here, with the rule of contract/image-url.ts. Browsers
-- (and that file) read a host through the WHATWG URL parser, which SQL cannot run, so only plain
-- spellings are judged: a URL is kept only when it is https:// followed by a host of ASCII letters,
-- digits, dots and hyphens (or a bracketed IPv6 literal), an optional port, and the end or /, ?, # or \.
-- Anything else (another scheme, user name or password, percent-escapes, non-ASCII names, IPv4 literals
-- not written as a plain dotted quad) is cleared, sometimes with a public image: harmless, and it can
-- never keep a forbidden one. Of the plain spellings it clears local names, IPv4 literals outside the
-- globally reachable space and IPv6 literals outside 2000::/3 or in its special-purpose blocks. This
-- app's own origin cannot be known here (PUBLIC_URL is configuration); such an image can no longer
-- change anything, since GET /api/logout answers 403 to an image load and no other GET writes.
UPDATE "events" SET "image_url" = NULL, "updated_at" = now()
WHERE "image_url" IS NOT NULL AND coalesce(substring(lower("image_url") from '^https://(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::[0-9]*)?(?:[/?#\\]|$)'), '') ~ (
  '^$'
  || '|^[^.\[]+\.?$'
  || '|(^|\.)(localhost|local|internal|home\.arpa)\.?$'
  || '|^(?!(0|[1-9][0-9]{0,2})(\.(0|[1-9][0-9]{0,2})){3}$)[^\[]*(^|\.)([0-9]+|0x[0-9a-f]*)\.?$'
  || '|^(0|10|127|22[4-9]|2[3-5][0-9])(\.[0-9]+){3}$'
  || '|^100\.(6[4-9]|[7-9][0-9]|1[01][0-9]|12[0-7])(\.[0-9]+){2}$'
  || '|^169\.254(\.[0-9]+){2}$'
  || '|^172\.(1[6-9]|2[0-9]|3[01])(\.[0-9]+){2}$'
  || '|^192\.0\.[02]\.[0-9]+$'
  || '|^192\.88\.99\.[0-9]+$'
  || '|^192\.168(\.[0-9]+){2}$'
  || '|^198\.1[89](\.[0-9]+){2}$'
  || '|^198\.51\.100\.[0-9]+$'
  || '|^203\.0\.113\.[0-9]+$'
  || '|^\[(?![23][0-9a-f]{3}:)'
  || '|^\[(2002|2001:0*([01][0-9a-f]{2}|[0-9a-f]{0,2})|2001:0*db8|3fff:0*[0-9a-f]{0,3})[:\]]'
);
