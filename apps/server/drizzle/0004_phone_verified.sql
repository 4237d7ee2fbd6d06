DROP INDEX "members_phone_active";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "phone_verified" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "members_phone_active" ON "members" USING btree ("phone") WHERE status <> 'withdrawn' and phone_verified;