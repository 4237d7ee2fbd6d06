CREATE TABLE "part_relation_closure" (
	"key" text NOT NULL,
	"pid" text NOT NULL,
	"to_pid" text NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "part_relation_closure_pk" PRIMARY KEY("key","pid","to_pid","kind")
);
--> statement-breakpoint
CREATE FUNCTION part_relation_closure_fill(starts text[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO part_relation_closure (key, pid, to_pid, kind)
	WITH RECURSIVE steps(from_key, to_key, kind) AS (
		SELECT pid_key, to_key, kind FROM part_relations
		UNION ALL
		SELECT to_key, pid_key, kind FROM part_relations WHERE kind = 'interchangeable'
	), reach(start, key, depth, hop) AS (
		SELECT k, k, 0, 0 FROM unnest(starts) k
		UNION
		SELECT reach.start, s.to_key, reach.depth + 1, CASE WHEN s.kind = 'interchangeable' THEN 1 ELSE reach.hop END
		FROM reach JOIN steps s ON s.from_key = reach.key AND (s.kind = 'supersedes' OR reach.hop = 0)
		WHERE reach.depth < 42
	), keys AS (SELECT DISTINCT start, key FROM reach)
	SELECT keys.start, r.pid, r.to_pid, r.kind FROM keys JOIN part_relations r ON r.pid_key = keys.key
	UNION
	SELECT keys.start, r.pid, r.to_pid, r.kind FROM keys JOIN part_relations r ON r.to_key = keys.key AND r.kind = 'interchangeable'
$$;
--> statement-breakpoint
CREATE FUNCTION part_relation_closure_fill_some(starts text[]) RETURNS void LANGUAGE sql SET jit = off AS $$
	INSERT INTO part_relation_closure (key, pid, to_pid, kind)
	WITH RECURSIVE reach(start, key, depth, hop) AS (
		SELECT k, k, 0, 0 FROM unnest(starts) k
		UNION
		SELECT reach.start, s.to_key, reach.depth + 1, CASE WHEN s.kind = 'interchangeable' THEN 1 ELSE reach.hop END
		FROM reach CROSS JOIN LATERAL (
			SELECT r.to_key, r.kind FROM part_xrefs r WHERE r.pid_key = reach.key
			UNION ALL SELECT r.to_key, r.kind FROM epc_replacements r WHERE r.pid_key = reach.key
			UNION ALL SELECT r.pid_key, r.kind FROM part_xrefs r WHERE r.to_key = reach.key AND r.kind = 'interchangeable'
			UNION ALL SELECT r.pid_key, r.kind FROM epc_replacements r WHERE r.to_key = reach.key AND r.kind = 'interchangeable'
		) s
		WHERE reach.depth < 42 AND (s.kind = 'supersedes' OR reach.hop = 0)
	), keys AS (SELECT DISTINCT start, key FROM reach)
	SELECT keys.start, r.pid, r.to_pid, r.kind FROM keys CROSS JOIN LATERAL (
		SELECT x.pid, x.to_pid, x.kind FROM part_xrefs x WHERE x.pid_key = keys.key
		UNION ALL SELECT e.pid, e.to_pid, e.kind FROM epc_replacements e WHERE e.pid_key = keys.key
		UNION ALL SELECT x.pid, x.to_pid, x.kind FROM part_xrefs x WHERE x.to_key = keys.key AND x.kind = 'interchangeable'
		UNION ALL SELECT e.pid, e.to_pid, e.kind FROM epc_replacements e WHERE e.to_key = keys.key AND e.kind = 'interchangeable'
	) r
	ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
CREATE FUNCTION part_relation_closure_refresh_connected(touched text[]) RETURNS void LANGUAGE plpgsql SET jit = off AS $$
DECLARE
	component text[];
BEGIN
	WITH RECURSIVE reach(key) AS (
		SELECT unnest(touched)
		UNION
		SELECT s.key FROM reach CROSS JOIN LATERAL (
			SELECT r.to_key FROM part_xrefs r WHERE r.pid_key = reach.key
			UNION ALL SELECT r.pid_key FROM part_xrefs r WHERE r.to_key = reach.key
			UNION ALL SELECT r.to_key FROM epc_replacements r WHERE r.pid_key = reach.key
			UNION ALL SELECT r.pid_key FROM epc_replacements r WHERE r.to_key = reach.key
		) s(key)
	)
	SELECT array_agg(key) INTO component FROM reach;
	DELETE FROM part_relation_closure WHERE key = ANY(component);
	PERFORM part_relation_closure_fill_some(component);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION part_relation_closure_refresh(touched text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_advisory_xact_lock(hashtext('part-relation-closure'));
	IF touched IS NULL OR cardinality(touched) > 20000 THEN
		DELETE FROM part_relation_closure;
		PERFORM part_relation_closure_fill(array(SELECT pid_key FROM part_relations UNION SELECT to_key FROM part_relations));
	ELSE
		PERFORM part_relation_closure_refresh_connected(touched);
	END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION part_relation_closure_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('partsmall.relation_closure_deferred', true) = 'on' THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'TRUNCATE' THEN
		PERFORM part_relation_closure_refresh(NULL);
	ELSIF TG_OP = 'INSERT' THEN
		PERFORM part_relation_closure_refresh(array(SELECT pid_key FROM new_rows UNION SELECT to_key FROM new_rows));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM part_relation_closure_refresh(array(SELECT pid_key FROM old_rows UNION SELECT to_key FROM old_rows));
	ELSE
		PERFORM part_relation_closure_refresh(array(
			SELECT pid_key FROM old_rows UNION SELECT to_key FROM old_rows
			UNION SELECT pid_key FROM new_rows UNION SELECT to_key FROM new_rows));
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER part_xrefs_closure_insert AFTER INSERT ON "part_xrefs" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION part_relation_closure_changed();--> statement-breakpoint
CREATE TRIGGER part_xrefs_closure_delete AFTER DELETE ON "part_xrefs" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION part_relation_closure_changed();--> statement-breakpoint
CREATE TRIGGER part_xrefs_closure_update AFTER UPDATE ON "part_xrefs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION part_relation_closure_changed();--> statement-breakpoint
CREATE TRIGGER part_xrefs_closure_truncate AFTER TRUNCATE ON "part_xrefs" FOR EACH STATEMENT EXECUTE FUNCTION part_relation_closure_changed();--> statement-breakpoint
CREATE TRIGGER epc_replacements_closure_insert AFTER INSERT ON "epc_replacements" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION part_relation_closure_changed();--> statement-breakpoint
CREATE TRIGGER epc_replacements_closure_delete AFTER DELETE ON "epc_replacements" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION part_relation_closure_changed();--> statement-breakpoint
CREATE TRIGGER epc_replacements_closure_update AFTER UPDATE ON "epc_replacements" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION part_relation_closure_changed();--> statement-breakpoint
CREATE TRIGGER epc_replacements_closure_truncate AFTER TRUNCATE ON "epc_replacements" FOR EACH STATEMENT EXECUTE FUNCTION part_relation_closure_changed();--> statement-breakpoint
SELECT part_relation_closure_refresh(NULL);
