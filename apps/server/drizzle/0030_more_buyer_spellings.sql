-- More words as buyers write them (docs/search.md#korean-name-search): 뒷 for the rear when it leads
-- the part (뒷쇼바, 뒷범퍼), as 앞 is the front's — without it, '뒷' alone was read as a typo of 디스크 —,
-- and 오투센서, O2 said aloud. Added to the group that holds the word, where no group holds them yet
-- (staff may have).
UPDATE "part_synonyms" s SET "terms" = s."terms" || a.extra, "updated_at" = now()
FROM (VALUES
	('리어', ARRAY['뒷']::text[]),
	('산소센서', ARRAY['오투센서']::text[])
) AS a(term, extra)
WHERE a.term = ANY(s.terms)
  AND NOT EXISTS (
    SELECT 1 FROM "part_synonyms" o, unnest(o.terms) t, unnest(a.extra) n WHERE lower(t) = lower(n)
  );
