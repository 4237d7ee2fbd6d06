ALTER TABLE "qr_login_codes" ADD COLUMN "short_code_hash" text;--> statement-breakpoint
CREATE INDEX "qr_login_codes_short" ON "qr_login_codes" USING btree ("short_code_hash");