-- The relation closure held, for every number, the relations of every number interchangeable with it:
-- one number interchangeable with N others stored about N² rows (docs/search.md#part-numbers). It now
-- holds supersession chains only (a chain is at most 20 steps, so O(N) rows); interchangeable numbers
-- are read at search time from the sources' own key indexes, one step as the search takes them, and a
-- new interchangeable relation refreshes nothing. The existing rows are converted by a full rebuild.
ALTER TABLE "part_relation_closure" ADD COLUMN "to_key" text NOT NULL DEFAULT '';--> statement-breakpoint
ALTER TABLE "part_relation_closure" ALTER COLUMN "to_key" DROP DEFAULT;--> statement-breakpoint
CREATE OR REPLACE FUNCTION part_relation_closure_fill(starts text[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO part_relation_closure (key, pid, to_pid, kind, to_key)
	WITH RECURSIVE reach(start, key, depth) AS (
		SELECT k, k, 0 FROM unnest(starts) k
		UNION
		SELECT reach.start, r.to_key, reach.depth + 1
		FROM reach JOIN part_relations r ON r.pid_key = reach.key AND r.kind = 'supersedes'
		WHERE reach.depth < 42
	), keys AS (SELECT DISTINCT start, key FROM reach)
	SELECT keys.start, r.pid, r.to_pid, 'supersedes', r.to_key
	FROM keys JOIN part_relations r ON r.pid_key = keys.key AND r.kind = 'supersedes'
	ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION part_relation_closure_fill_some(starts text[]) RETURNS void LANGUAGE sql SET jit = off AS $$
	INSERT INTO part_relation_closure (key, pid, to_pid, kind, to_key)
	WITH RECURSIVE reach(start, key, depth) AS (
		SELECT k, k, 0 FROM unnest(starts) k
		UNION
		SELECT reach.start, s.to_key, reach.depth + 1
		FROM reach CROSS JOIN LATERAL (
			SELECT r.to_key FROM part_xrefs r WHERE r.pid_key = reach.key AND r.kind = 'supersedes'
			UNION ALL SELECT r.to_key FROM epc_replacements r WHERE r.pid_key = reach.key AND r.kind = 'supersedes'
		) s
		WHERE reach.depth < 42
	), keys AS (SELECT DISTINCT start, key FROM reach)
	SELECT keys.start, r.pid, r.to_pid, 'supersedes', r.to_key FROM keys CROSS JOIN LATERAL (
		SELECT x.pid, x.to_pid, x.to_key FROM part_xrefs x WHERE x.pid_key = keys.key AND x.kind = 'supersedes'
		UNION ALL SELECT e.pid, e.to_pid, e.to_key FROM epc_replacements e WHERE e.pid_key = keys.key AND e.kind = 'supersedes'
	) r
	ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
-- The numbers whose chains pass through a touched number are the touched numbers and those that
-- supersede into them, at any depth: only their rows change.
CREATE OR REPLACE FUNCTION part_relation_closure_refresh_connected(touched text[]) RETURNS void LANGUAGE plpgsql SET jit = off AS $$
DECLARE
	older text[];
BEGIN
	WITH RECURSIVE back(key, depth) AS (
		SELECT k, 0 FROM unnest(touched) k
		UNION
		SELECT s.pid_key, back.depth + 1 FROM back CROSS JOIN LATERAL (
			SELECT r.pid_key FROM part_xrefs r WHERE r.to_key = back.key AND r.kind = 'supersedes'
			UNION ALL SELECT r.pid_key FROM epc_replacements r WHERE r.to_key = back.key AND r.kind = 'supersedes'
		) s
		WHERE back.depth < 42
	)
	SELECT array_agg(DISTINCT key) INTO older FROM back;
	DELETE FROM part_relation_closure WHERE key = ANY(older);
	PERFORM part_relation_closure_fill_some(older);
END;
$$;
--> statement-breakpoint
-- Only supersessions change the stored chains: an interchangeable relation written, changed or
-- removed refreshes nothing (a change of kind names the old row's numbers).
CREATE OR REPLACE FUNCTION part_relation_closure_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('partsmall.relation_closure_deferred', true) = 'on' THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'TRUNCATE' THEN
		PERFORM part_relation_closure_refresh(NULL);
	ELSIF TG_OP = 'INSERT' THEN
		PERFORM part_relation_closure_refresh(array(
			SELECT pid_key FROM new_rows WHERE kind = 'supersedes' UNION SELECT to_key FROM new_rows WHERE kind = 'supersedes'));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM part_relation_closure_refresh(array(
			SELECT pid_key FROM old_rows WHERE kind = 'supersedes' UNION SELECT to_key FROM old_rows WHERE kind = 'supersedes'));
	ELSE
		PERFORM part_relation_closure_refresh(array(
			SELECT pid_key FROM old_rows WHERE kind = 'supersedes' UNION SELECT to_key FROM old_rows WHERE kind = 'supersedes'
			UNION SELECT pid_key FROM new_rows WHERE kind = 'supersedes' UNION SELECT to_key FROM new_rows WHERE kind = 'supersedes'));
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION part_relation_closure_refresh(touched text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_advisory_xact_lock(hashtext('part-relation-closure'));
	IF touched IS NULL OR cardinality(touched) > 20000 THEN
		DELETE FROM part_relation_closure;
		PERFORM part_relation_closure_fill(array(SELECT pid_key FROM part_relations WHERE kind = 'supersedes'));
	ELSIF cardinality(touched) > 0 THEN
		PERFORM part_relation_closure_refresh_connected(touched);
	END IF;
END;
$$;
--> statement-breakpoint
SELECT part_relation_closure_refresh(NULL);
