CREATE TABLE "epc_brands" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "epc_catalogues" (
	"id" serial PRIMARY KEY NOT NULL,
	"mcid" text NOT NULL,
	"brand" text NOT NULL,
	"name" text NOT NULL,
	"img" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "epc_diagrams" (
	"catalogue_id" integer NOT NULL,
	"diagram" text NOT NULL,
	"image" text NOT NULL,
	"max_x" integer NOT NULL,
	"max_y" integer NOT NULL,
	"hotspot_w" integer NOT NULL,
	"hotspot_h" integer NOT NULL,
	CONSTRAINT "epc_diagrams_pk" PRIMARY KEY("catalogue_id","diagram"),
	CONSTRAINT "epc_diagrams_size_positive" CHECK ("epc_diagrams"."max_x" > 0 and "epc_diagrams"."max_y" > 0 and "epc_diagrams"."hotspot_w" > 0 and "epc_diagrams"."hotspot_h" > 0)
);
--> statement-breakpoint
CREATE TABLE "epc_hotspots" (
	"catalogue_id" integer NOT NULL,
	"diagram" text NOT NULL,
	"seq" integer NOT NULL,
	"hs_key" text NOT NULL,
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	CONSTRAINT "epc_hotspots_pk" PRIMARY KEY("catalogue_id","diagram","seq")
);
--> statement-breakpoint
CREATE TABLE "epc_main_groups" (
	"catalogue_id" integer NOT NULL,
	"num" text NOT NULL,
	"label" text NOT NULL,
	"img" text DEFAULT '' NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "epc_main_groups_pk" PRIMARY KEY("catalogue_id","num")
);
--> statement-breakpoint
CREATE TABLE "epc_nodes" (
	"catalogue_id" integer NOT NULL,
	"mid" text NOT NULL,
	"num" text NOT NULL,
	"parent_mid" text,
	"level" smallint NOT NULL,
	"subgroup" text NOT NULL,
	"label" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"img" text DEFAULT '' NOT NULL,
	"diagram" text,
	"has_child" boolean NOT NULL,
	"fit" jsonb,
	"sort" integer NOT NULL,
	CONSTRAINT "epc_nodes_pk" PRIMARY KEY("catalogue_id","mid"),
	CONSTRAINT "epc_nodes_level_valid" CHECK ("epc_nodes"."level" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "epc_parts" (
	"catalogue_id" integer NOT NULL,
	"diagram" text NOT NULL,
	"seq" integer NOT NULL,
	"pnum" text NOT NULL,
	"itid" text DEFAULT '' NOT NULL,
	"itid2" text DEFAULT '' NOT NULL,
	"pid" text NOT NULL,
	"pid_key" text NOT NULL,
	"label" text NOT NULL,
	"standard_label" text DEFAULT '' NOT NULL,
	"quantity" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"stitute_status" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"refmid" text[] DEFAULT '{}'::text[] NOT NULL,
	"fit" jsonb,
	CONSTRAINT "epc_parts_pk" PRIMARY KEY("catalogue_id","diagram","seq")
);
--> statement-breakpoint
CREATE TABLE "epc_replacements" (
	"catalogue_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"pid" text NOT NULL,
	"pid_key" text NOT NULL,
	"to_pid" text NOT NULL,
	"to_key" text NOT NULL,
	"kind" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	CONSTRAINT "epc_replacements_pk" PRIMARY KEY("catalogue_id","seq"),
	CONSTRAINT "epc_replacements_kind_valid" CHECK ("epc_replacements"."kind" in ('supersedes','interchangeable'))
);
--> statement-breakpoint
CREATE TABLE "epc_vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"catalogue_id" integer NOT NULL,
	"brand" text NOT NULL,
	"vin" char(17) NOT NULL,
	"short_vin" text,
	"year" integer,
	"model_name" text NOT NULL,
	"production_date" date,
	"options" text[] DEFAULT '{}'::text[] NOT NULL,
	"maindata" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "epc_vin_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"day" date NOT NULL,
	"vin" char(17) NOT NULL,
	"brand" text NOT NULL,
	"mcid" text NOT NULL,
	"title" text NOT NULL,
	"opens" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "epc_words" (
	"catalogue_id" integer NOT NULL,
	"term" text NOT NULL,
	"zh" text DEFAULT '' NOT NULL,
	"ko" text DEFAULT '' NOT NULL,
	"en" text DEFAULT '' NOT NULL,
	"vi" text DEFAULT '' NOT NULL,
	CONSTRAINT "epc_words_pk" PRIMARY KEY("catalogue_id","term")
);
--> statement-breakpoint
ALTER TABLE "epc_catalogues" ADD CONSTRAINT "epc_catalogues_brand_epc_brands_code_fk" FOREIGN KEY ("brand") REFERENCES "public"."epc_brands"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "epc_catalogues_mcid" ON "epc_catalogues" USING btree ("mcid");--> statement-breakpoint
CREATE INDEX "epc_nodes_tree" ON "epc_nodes" USING btree ("catalogue_id","num","parent_mid","sort");--> statement-breakpoint
CREATE INDEX "epc_nodes_diagram" ON "epc_nodes" USING btree ("catalogue_id","diagram");--> statement-breakpoint
CREATE INDEX "epc_parts_pid_key" ON "epc_parts" USING btree ("pid_key" text_pattern_ops,"catalogue_id");--> statement-breakpoint
CREATE INDEX "epc_replacements_pid_key" ON "epc_replacements" USING btree ("pid_key");--> statement-breakpoint
CREATE INDEX "epc_replacements_to_key" ON "epc_replacements" USING btree ("to_key");--> statement-breakpoint
CREATE UNIQUE INDEX "epc_vehicles_vin" ON "epc_vehicles" USING btree ("vin");--> statement-breakpoint
CREATE INDEX "epc_vehicles_brand_short_vin" ON "epc_vehicles" USING btree ("brand","short_vin");--> statement-breakpoint
CREATE INDEX "epc_vehicles_catalogue" ON "epc_vehicles" USING btree ("catalogue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "epc_vin_searches_company_day_vin" ON "epc_vin_searches" USING btree ("company_id","day","vin");--> statement-breakpoint
CREATE INDEX "epc_vin_searches_company_last" ON "epc_vin_searches" USING btree ("company_id","last_at");