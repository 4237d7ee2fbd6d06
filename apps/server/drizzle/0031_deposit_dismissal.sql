-- A deposit staff set aside from the review queue (status 'ignored'): why, and when
-- (docs/requirements.md#credit-deposits). The retention sweep destroys it 5 years after
-- (docs/requirements.md#retention).
ALTER TABLE "deposits" ADD COLUMN "dismiss_reason" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "dismissed_at" timestamp with time zone;
