-- 알림톡 and job texts exactly once (docs/architecture.md#jobs): the Solapi group of each message and channel, stored
-- before the message is added, so a retry after a crash asks Solapi whether it went out.
CREATE TABLE "solapi_groups" (
	"message_id" text NOT NULL,
	"channel" text NOT NULL,
	"group_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "solapi_groups_pkey" PRIMARY KEY ("message_id", "channel")
);
