-- 알림톡 (docs/requirements.md#notifications): the console provider writes each notification to the dev
-- outbox with its channel and event, once per message id (the job's effect key).
ALTER TABLE "sms_outbox" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "event" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "message_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_outbox_message_id" ON "sms_outbox" ("message_id");--> statement-breakpoint
-- '알림 설정': a main account's row is the company's default, a sub-account's row its own.
CREATE TABLE "notify_settings" (
	"member_id" integer PRIMARY KEY NOT NULL REFERENCES "members"("id") ON DELETE CASCADE,
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"events" text[] NOT NULL,
	"phone" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "notify_settings_company" ON "notify_settings" ("company_id");
