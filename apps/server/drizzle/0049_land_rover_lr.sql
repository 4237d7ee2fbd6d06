-- LR for Land Rover, as buyers and its own part numbers (LR190583) write the make: 'lr 패드' found
-- nothing, and did not say why (docs/search.md#korean-name-search). Added to the group that holds
-- 랜드로버, where no group holds LR yet (staff may have).
UPDATE "part_synonyms" s SET "terms" = s."terms" || a.extra, "updated_at" = now()
FROM (VALUES
	('랜드로버', ARRAY['LR']::text[])
) AS a(term, extra)
WHERE a.term = ANY(s.terms)
  AND NOT EXISTS (
    SELECT 1 FROM "part_synonyms" o, unnest(o.terms) t, unnest(a.extra) n WHERE lower(t) = lower(n)
  );
