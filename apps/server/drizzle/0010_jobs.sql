CREATE TABLE "sent_effects" (
	"key" text PRIMARY KEY NOT NULL,
	"job" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
