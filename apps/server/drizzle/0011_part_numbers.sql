ALTER TABLE "products" ADD COLUMN "name_compact" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_chosung" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_jamo" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "products_name_chosung_trgm" ON "products" USING gin ("name_chosung" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_jamo_trgm" ON "products" USING gin ("name_jamo" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_chosung_prefix" ON "products" USING btree ("name_chosung" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_name_jamo_prefix" ON "products" USING btree ("name_jamo" text_pattern_ops);--> statement-breakpoint
CREATE TABLE "part_xrefs" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" text NOT NULL,
	"pid_key" text NOT NULL,
	"to_pid" text NOT NULL,
	"to_key" text NOT NULL,
	"kind" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "part_xrefs_kind_valid" CHECK ("part_xrefs"."kind" in ('supersedes','interchangeable')),
	CONSTRAINT "part_xrefs_keys_differ" CHECK ("part_xrefs"."pid_key" <> "part_xrefs"."to_key" and "part_xrefs"."pid_key" <> '' and "part_xrefs"."to_key" <> '')
);
--> statement-breakpoint
ALTER TABLE "part_xrefs" ADD CONSTRAINT "part_xrefs_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "part_xrefs_pair" ON "part_xrefs" USING btree ("pid_key","to_key","kind");--> statement-breakpoint
CREATE INDEX "part_xrefs_to_key" ON "part_xrefs" USING btree ("to_key");--> statement-breakpoint
CREATE VIEW "part_relations" AS
	SELECT "pid", "pid_key", "to_pid", "to_key", "kind", 'catalogue'::text AS "source" FROM "epc_replacements"
	UNION ALL
	SELECT "pid", "pid_key", "to_pid", "to_key", "kind", 'shop'::text AS "source" FROM "part_xrefs";--> statement-breakpoint
CREATE TABLE "part_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"terms" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "part_synonyms" ("terms") VALUES
	(ARRAY['벤츠', '메르세데스', '메르세데스벤츠', 'Mercedes', 'Mercedes-Benz', 'MB']::text[]),
	(ARRAY['비엠더블유', '비엠', 'BMW']::text[]),
	(ARRAY['폭스바겐', '폭바', 'VW', 'Volkswagen']::text[]),
	(ARRAY['아우디', 'Audi']::text[]),
	(ARRAY['포르쉐', 'Porsche']::text[]),
	(ARRAY['미니', 'MINI']::text[]),
	(ARRAY['볼보', 'Volvo']::text[]),
	(ARRAY['랜드로버', 'Land Rover', 'Landrover']::text[]),
	(ARRAY['재규어', 'Jaguar']::text[]),
	(ARRAY['렉서스', 'Lexus']::text[]),
	(ARRAY['토요타', '도요타', 'Toyota']::text[]),
	(ARRAY['쇼바', '쇼크업소버', '쇽업소버', '쇼크앱소버', '댐퍼']::text[]),
	(ARRAY['로어암', '로워암', '로아암', '하부암', '컨트롤암']::text[]),
	(ARRAY['스테빌라이저링크', '스태빌라이저링크', '스테빌링크', '활대링크']::text[]),
	(ARRAY['타이로드엔드', '타이로드앤드', '타이롯드엔드']::text[]),
	(ARRAY['등속조인트', '등속', 'CV조인트']::text[]),
	(ARRAY['허브베어링', '휠베어링']::text[]),
	(ARRAY['캘리퍼', '캘리퍼스', '켈리퍼']::text[]),
	(ARRAY['브레이크디스크', '디스크로터', '로터']::text[]),
	(ARRAY['프로펠러샤프트', '추진축', '뻬라샤프트']::text[]),
	(ARRAY['미션', '변속기', '트랜스미션']::text[]),
	(ARRAY['미션오일', '변속기오일', 'ATF']::text[]),
	(ARRAY['엔진마운트', '미미']::text[]),
	(ARRAY['다이나모', '알터네이터', '발전기']::text[]),
	(ARRAY['세루모터', '스타터', '스타트모터', '시동모터']::text[]),
	(ARRAY['타이밍벨트', '캠벨트']::text[]),
	(ARRAY['점화플러그', '스파크플러그']::text[]),
	(ARRAY['이그니션코일', '점화코일']::text[]),
	(ARRAY['가스켓', '개스킷', '가스킷']::text[]),
	(ARRAY['오링', 'O링']::text[]),
	(ARRAY['인젝터', '인젝타', '연료분사기']::text[]),
	(ARRAY['텐셔너', '오토텐셔너', '벨트텐셔너']::text[]),
	(ARRAY['산소센서', 'O2센서', '람다센서']::text[]),
	(ARRAY['라디에이터', '라디에타', '라지에다', '라지에타']::text[]),
	(ARRAY['써모스탯', '서모스탯', '써모스타트', '온도조절기']::text[]),
	(ARRAY['워터펌프', '물펌프']::text[]),
	(ARRAY['냉각수', '부동액', '쿨런트']::text[]),
	(ARRAY['에어컨필터', '캐빈필터', '실내필터', '항균필터']::text[]),
	(ARRAY['에어필터', '에어크리너', '에어클리너']::text[]),
	(ARRAY['콤프레샤', '컴프레서', '에어컨컴프레서']::text[]),
	(ARRAY['에바', '에바포레이터', '증발기']::text[]),
	(ARRAY['밧데리', '배터리']::text[]),
	(ARRAY['휀다', '휀더', '펜더']::text[]),
	(ARRAY['본네트', '보닛', '후드']::text[]),
	(ARRAY['범바', '범퍼']::text[]),
	(ARRAY['백미러', '사이드미러', '아웃사이드미러']::text[]),
	(ARRAY['헤드램프', '헤드라이트', '전조등']::text[]),
	(ARRAY['테일램프', '후미등', '데루등']::text[]),
	(ARRAY['깜빡이', '방향지시등', '윙카']::text[]),
	(ARRAY['마후라', '머플러', '소음기']::text[]);
