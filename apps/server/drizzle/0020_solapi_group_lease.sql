-- One try at a time per Solapi group (docs/architecture.md#jobs): a try leases the group's row until
-- `claimed_until` before it reads, adds to or sends the group, so a second try of the same message
-- (its first one expired by the queue while still running) cannot add the message a second time.
ALTER TABLE "solapi_groups" ADD COLUMN "claimed_until" timestamp with time zone;
--> statement-breakpoint
-- The daily retention sweep deletes the effect logs by age in batches (docs/operations.md#jobs).
CREATE INDEX "solapi_groups_created_at" ON "solapi_groups" ("created_at");
--> statement-breakpoint
CREATE INDEX "sent_effects_created_at" ON "sent_effects" ("created_at");
