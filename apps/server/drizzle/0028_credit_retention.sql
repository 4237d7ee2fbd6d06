-- The 외상 records under the retention rules (docs/requirements.md#retention).
-- A withdrawal now forgets the depositor names staff taught for the company; the companies that
-- withdrew before lose theirs here.
DELETE FROM "depositor_names" WHERE "company_id" IN (SELECT "id" FROM "companies" WHERE "withdrawn_at" IS NOT NULL);
--> statement-breakpoint
-- The receivables ledger stays immutable, except for the retention sweep's delete of a withdrawn
-- company's book whose period has ended: the sweep says so on its own transaction
-- (set_config('partsmall.retention_sweep', 'on', true)) just for that delete.
CREATE OR REPLACE FUNCTION "receivables_ledger_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' AND current_setting('partsmall.retention_sweep', true) = 'on' THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION 'receivables_ledger rows are immutable';
END;
$$;
