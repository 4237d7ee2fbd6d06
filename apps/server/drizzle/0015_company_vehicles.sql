CREATE TABLE "company_vehicles" (
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"vin" char(17) NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"hidden_at" timestamp with time zone,
	CONSTRAINT "company_vehicles_pk" PRIMARY KEY("company_id","vin")
);
