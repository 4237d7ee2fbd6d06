-- The twin check counts a deposit's other way first, by amount, way and day: a line of a bank file
-- no longer reads the file's other lines (docs/requirements.md#credit-deposits).
DROP INDEX "deposits_amount_day";--> statement-breakpoint
CREATE INDEX "deposits_amount_source_day" ON "deposits" USING btree ("amount","source","deposited_at");