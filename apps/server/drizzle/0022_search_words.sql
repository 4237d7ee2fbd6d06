-- One search box (docs/search.md#one-box). The loose form of a name's jamo: the jamo Korean typists
-- confuse folded to one (ㅐ/ㅒ/ㅖ to ㅔ, double consonants to single), so '헤드렘프' or '마모쎈서'
-- find by the same trigram index as the right spelling. The same folding as looseJamo in the contract.
ALTER TABLE "products" ADD COLUMN "name_loose" text GENERATED ALWAYS AS (translate("name_jamo", 'ㅐㅒㅖㄲㄸㅃㅆㅉ', 'ㅔㅔㅔㄱㄷㅂㅅㅈ')) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "products_name_loose_trgm" ON "products" USING gin ("name_loose" gin_trgm_ops);
--> statement-breakpoint
-- An aftermarket number as buyers type it, without the maker's name written before it: 'MANN HU 816 X'
-- is also 'HU816X', 'MAGNETI MARELLI 714021940801' also '714021940801' (the leading words of letters
-- only, one or all of them, when something with a digit follows). Looked up by equality only.
ALTER TABLE "products" ADD COLUMN "factory_tail_key" text GENERATED ALWAYS AS (
  regexp_replace(upper(regexp_replace("factory_num", '^\s*[A-Za-z]+\s+(?=.*[0-9])', '')), '[^A-Z0-9]', '', 'g')
) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "factory_bare_key" text GENERATED ALWAYS AS (
  regexp_replace(upper(regexp_replace("factory_num", '^(\s*[A-Za-z]+\s+)+(?=.*[0-9])', '')), '[^A-Z0-9]', '', 'g')
) STORED NOT NULL;
--> statement-breakpoint
-- Equality on btrees: the planner estimates them well (a GIN on an array of both was walked in id order).
CREATE INDEX "products_factory_tail_key" ON "products" ("factory_tail_key");
--> statement-breakpoint
CREATE INDEX "products_factory_bare_key" ON "products" ("factory_bare_key");
--> statement-breakpoint
-- Words a buyer types for where a part sits, English part words, the makes and models the demo
-- shop's names carry (PART_SYNONYM_SEED): new groups whose terms no group has yet.
INSERT INTO "part_synonyms" ("terms")
SELECT g.terms FROM (VALUES
	(ARRAY['프론트', '앞', '앞쪽', '전륜', 'Front', 'FR']::text[]),
	(ARRAY['리어', '뒤', '뒤쪽', '후륜', 'Rear', 'RR']::text[]),
	(ARRAY['좌', '좌측', '왼쪽', '운전석', 'LH']::text[]),
	(ARRAY['우', '우측', '오른쪽', '조수석', 'RH']::text[]),
	(ARRAY['어퍼', '상부', 'Upper']::text[]),
	(ARRAY['브레이크', 'Brake']::text[]),
	(ARRAY['패드', 'Pad', 'Pads']::text[]),
	(ARRAY['디스크', 'Disc', 'Disk']::text[]),
	(ARRAY['필터', 'Filter']::text[]),
	(ARRAY['오일', 'Oil']::text[]),
	(ARRAY['에어', 'Air']::text[]),
	(ARRAY['센서', 'Sensor']::text[]),
	(ARRAY['펌프', 'Pump']::text[]),
	(ARRAY['워터', 'Water']::text[]),
	(ARRAY['콘덴서', '컨덴서', 'Condenser']::text[]),
	(ARRAY['마운트', 'Mount']::text[]),
	(ARRAY['마세라티', 'Maserati']::text[]),
	(ARRAY['레인지로버', 'Range Rover', 'Rangerover']::text[]),
	(ARRAY['E클래스', '이클래스', 'E-Class']::text[]),
	(ARRAY['C클래스', '씨클래스', 'C-Class']::text[]),
	(ARRAY['S클래스', '에스클래스', 'S-Class']::text[]),
	(ARRAY['3시리즈', '삼시리즈', '3Series']::text[]),
	(ARRAY['5시리즈', '오시리즈', '5Series']::text[]),
	(ARRAY['7시리즈', '칠시리즈', '7Series']::text[])
) AS g(terms)
WHERE NOT EXISTS (
  SELECT 1 FROM "part_synonyms" s, unnest(s.terms) t, unnest(g.terms) n
  WHERE lower(regexp_replace(t, '[^[:alnum:]가-힣]', '', 'g')) = lower(regexp_replace(n, '[^[:alnum:]가-힣]', '', 'g'))
);
--> statement-breakpoint
-- English words of groups the shop already has, where no group holds them yet.
UPDATE "part_synonyms" s SET "terms" = s."terms" || a.extra, "updated_at" = now()
FROM (VALUES
	('라디에이터', ARRAY['Radiator']::text[]),
	('써모스탯', ARRAY['Thermostat']::text[]),
	('헤드램프', ARRAY['Headlamp', 'Headlight']::text[]),
	('테일램프', ARRAY['Taillamp', 'Taillight']::text[]),
	('쇼바', ARRAY['Shock', 'Absorber']::text[]),
	('워터펌프', ARRAY['Waterpump']::text[])
) AS a(term, extra)
WHERE a.term = ANY(s.terms)
  AND NOT EXISTS (
    SELECT 1 FROM "part_synonyms" o, unnest(o.terms) t, unnest(a.extra) n WHERE lower(t) = lower(n)
  );
