-- Words as buyers also write them (docs/search.md#korean-name-search): 'Benz' on its own, 포르셰
-- (the standard spelling beside the importer's 포르쉐), 랜드로바 and 레인지로바 as they are said, the
-- misspelt 휠터, and workshop words: 브레끼 / 부레끼 for brake, 빠킹 / 패킹 for a gasket.
-- Added to the group that holds the word, where no group holds them yet (staff may have).
UPDATE "part_synonyms" s SET "terms" = s."terms" || a.extra, "updated_at" = now()
FROM (VALUES
	('벤츠', ARRAY['Benz']::text[]),
	('포르쉐', ARRAY['포르셰']::text[]),
	('랜드로버', ARRAY['랜드로바']::text[]),
	('레인지로버', ARRAY['레인지로바']::text[]),
	('필터', ARRAY['휠터']::text[]),
	('브레이크', ARRAY['브레끼', '부레끼']::text[]),
	('가스켓', ARRAY['빠킹', '패킹']::text[])
) AS a(term, extra)
WHERE a.term = ANY(s.terms)
  AND NOT EXISTS (
    SELECT 1 FROM "part_synonyms" o, unnest(o.terms) t, unnest(a.extra) n WHERE lower(t) = lower(n)
  );
