ALTER TABLE "walk_in_guests" ADD COLUMN "claim_token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "walk_in_guests_claim_token_hash" ON "walk_in_guests" USING btree ("claim_token_hash");