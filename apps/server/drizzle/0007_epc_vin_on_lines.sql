ALTER TABLE "cart_items" ADD COLUMN "vin" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "vin" text;