CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"gateway_id" text NOT NULL,
	"provider" text NOT NULL,
	"company_id" integer NOT NULL,
	"member_id" integer,
	"kind" text NOT NULL,
	"pgcode" text NOT NULL,
	"amount" bigint NOT NULL,
	"days" integer,
	"product_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	CONSTRAINT "payments_kind_valid" CHECK ("payments"."kind" in ('point','license')),
	CONSTRAINT "payments_pgcode_valid" CHECK ("payments"."pgcode" in ('creditcard','banktransfer','manager')),
	CONSTRAINT "payments_status_valid" CHECK ("payments"."status" in ('pending','paid','declined')),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_license_days" CHECK ("payments"."kind" <> 'license' or "payments"."days" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_id" ON "payments" USING btree ("gateway_id");--> statement-breakpoint
CREATE INDEX "payments_company_kind_paid" ON "payments" USING btree ("company_id","kind","paid_at");