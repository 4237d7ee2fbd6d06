CREATE TABLE "cart_requests" (
	"member_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"digest" text NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_requests_member_id_request_id_pk" PRIMARY KEY("member_id","request_id")
);
--> statement-breakpoint
ALTER TABLE "cart_requests" ADD CONSTRAINT "cart_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_requests_created_at" ON "cart_requests" USING btree ("created_at");