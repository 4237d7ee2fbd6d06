CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "body_parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"page" integer NOT NULL,
	"name_cn" text NOT NULL,
	"name_ko" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"qna_type" text NOT NULL,
	"phone" text NOT NULL,
	"content" text NOT NULL,
	"member_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"pid" text NOT NULL,
	"pid_key" text NOT NULL,
	"factory_num" text DEFAULT '' NOT NULL,
	"factory_key" text DEFAULT '' NOT NULL,
	"type" integer DEFAULT 2 NOT NULL,
	"price_a" bigint DEFAULT 0 NOT NULL,
	"price_b" bigint DEFAULT 0 NOT NULL,
	"price_c" bigint DEFAULT 0 NOT NULL,
	"price_d" bigint DEFAULT 0 NOT NULL,
	"sale_price" bigint DEFAULT 0 NOT NULL,
	"has_amount" integer DEFAULT 0 NOT NULL,
	"stock_name" text NOT NULL,
	"storage_id" integer NOT NULL,
	"img_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"detail_info" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"company_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_has_amount_nonnegative" CHECK ("products"."has_amount" >= 0),
	CONSTRAINT "products_type_valid" CHECK ("products"."type" between 0 and 4)
);
--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "body_parts_page" ON "body_parts" USING btree ("page","id");--> statement-breakpoint
CREATE INDEX "products_pid_key" ON "products" USING btree ("pid_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_factory_key" ON "products" USING btree ("factory_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_name_trgm" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_category" ON "products" USING btree ("category","id");