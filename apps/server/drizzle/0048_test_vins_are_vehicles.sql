-- A test VIN opened by a company is the company's vehicle (docs/requirements.md#my-vehicles) but
-- takes no quota (docs/requirements.md#vin-quota): its opening is kept on no day (day null), once
-- per company and VIN, where no day's count sees it.
ALTER TABLE "epc_vin_searches" ALTER COLUMN "day" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "epc_vin_searches_company_free_vin" ON "epc_vin_searches" USING btree ("company_id","vin") WHERE day is null;