ALTER TABLE "companies" ADD COLUMN "biz_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "biz_item" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "invoice_mail" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "invoice_mode" text DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_invoice_mode_valid" CHECK ("companies"."invoice_mode" in ('order','monthly'));--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "purged_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "tax_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"mgt_key" text NOT NULL,
	"order_id" integer,
	"month" text,
	"original_id" integer,
	"refund_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"write_date" text NOT NULL,
	"supply" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"total" bigint NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"buyer" jsonb,
	"error" text DEFAULT '' NOT NULL,
	"nts_confirm_num" text,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_invoices_kind_valid" CHECK ("tax_invoices"."kind" in ('order','monthly','correction')),
	CONSTRAINT "tax_invoices_status_valid" CHECK ("tax_invoices"."status" in ('pending','issued','sent','failed','cancelled'))
);
--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_mgt_key" ON "tax_invoices" USING btree ("mgt_key");--> statement-breakpoint
CREATE INDEX "tax_invoices_company" ON "tax_invoices" USING btree ("company_id","write_date");--> statement-breakpoint
CREATE INDEX "tax_invoices_order" ON "tax_invoices" USING btree ("order_id");
--> statement-breakpoint
CREATE TABLE "tax_invoice_outbox" (
	"mgt_key" text PRIMARY KEY NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
