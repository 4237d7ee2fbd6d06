CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"carrier_code" text,
	"carrier_name" text NOT NULL,
	"waybill" text DEFAULT '' NOT NULL,
	"tracked" boolean DEFAULT false NOT NULL,
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_status" text DEFAULT '' NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_uq" ON "shipments" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "shipments_waybill_idx" ON "shipments" USING btree ("carrier_code","waybill");
