-- Quick order, reorder and job references (issue 22, docs/requirements.md#quick-order):
-- a cart line keeps the buyer's memo and job reference (작업번호 / 차량번호) up to the order;
-- favourites and restock alerts per company.
ALTER TABLE "cart_items" ADD COLUMN "memo" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "job_ref" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "job_ref" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "memo" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "job_ref" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE TABLE "favorites" (
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"product_id" integer NOT NULL REFERENCES "products"("id"),
	"member_id" integer REFERENCES "members"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_pk" PRIMARY KEY("company_id","product_id")
);--> statement-breakpoint
CREATE TABLE "restock_alerts" (
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"product_id" integer NOT NULL REFERENCES "products"("id"),
	"member_id" integer NOT NULL REFERENCES "members"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restock_alerts_pk" PRIMARY KEY("member_id","product_id")
);--> statement-breakpoint
CREATE INDEX "restock_alerts_product" ON "restock_alerts" USING btree ("product_id");
