-- The distinct search forms of the products' names (docs/search.md#what-a-search-costs): a query
-- whose words no name has together ('패드 필터') is answered by this table's trigram indexes, a row
-- per distinct name, instead of intersecting the products' index entries of two common words (10-30 ms
-- at a million products). Only ever added to, so it may hold a form no product has any more (that
-- only sends the search on to the products), never lack one a product has.
CREATE TABLE "product_name_forms" (
	"name_jamo" text NOT NULL,
	"name_chosung" text NOT NULL,
	"name_loose" text GENERATED ALWAYS AS (translate("name_jamo", 'ㅐㅒㅖㄲㄸㅃㅆㅉ', 'ㅔㅔㅔㄱㄷㅂㅅㅈ')) STORED NOT NULL,
	CONSTRAINT "product_name_forms_pk" PRIMARY KEY ("name_jamo", "name_chosung")
);
--> statement-breakpoint
INSERT INTO "product_name_forms" ("name_jamo", "name_chosung")
SELECT DISTINCT "name_jamo", "name_chosung" FROM "products" WHERE "name_jamo" <> '' ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- After the rows, and without a pending list: a GIN whose entries wait in its pending list reads
-- them all on every search (6 ms for 552 names).
CREATE INDEX "product_name_forms_jamo_trgm" ON "product_name_forms" USING gin ("name_jamo" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX "product_name_forms_chosung_trgm" ON "product_name_forms" USING gin ("name_chosung" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX "product_name_forms_loose_trgm" ON "product_name_forms" USING gin ("name_loose" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX "product_name_forms_chosung_prefix" ON "product_name_forms" ("name_chosung" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "product_name_forms_jamo_prefix" ON "product_name_forms" ("name_jamo" text_pattern_ops);
--> statement-breakpoint
CREATE FUNCTION product_name_forms_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_name_forms (name_jamo, name_chosung)
  SELECT DISTINCT name_jamo, name_chosung FROM new_rows WHERE name_jamo <> '' ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_name_form_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name_jamo <> '' THEN
    INSERT INTO product_name_forms (name_jamo, name_chosung) VALUES (NEW.name_jamo, NEW.name_chosung)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_name_forms_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_name_forms_added();
--> statement-breakpoint
-- Per row and only when a name's forms change: stock and price updates (the hot writes) fire nothing.
CREATE TRIGGER "products_name_forms_update" AFTER UPDATE OF "name_jamo", "name_chosung" ON "products"
  FOR EACH ROW WHEN (OLD.name_jamo IS DISTINCT FROM NEW.name_jamo OR OLD.name_chosung IS DISTINCT FROM NEW.name_chosung)
  EXECUTE FUNCTION product_name_form_changed();
