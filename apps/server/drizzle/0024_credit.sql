-- 외상 (docs/requirements.md#credit): payment terms, credit accounts and their audit, the immutable
-- receivables ledger, the monthly statements and their lines, and how an order was paid.
CREATE TABLE "payment_terms" (
	"code" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"rule" text NOT NULL,
	"value" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_terms_rule_valid" CHECK ("rule" in ('next_month_day','days_after_close')),
	CONSTRAINT "payment_terms_value_valid" CHECK (("rule" = 'next_month_day' and "value" between 1 and 31) or ("rule" = 'days_after_close' and "value" between 0 and 180))
);
--> statement-breakpoint
INSERT INTO "payment_terms" ("code", "label", "rule", "value") VALUES
	('EOM_NEXT_EOM', '월말 마감 익월 말일', 'next_month_day', 31),
	('EOM_NEXT_10', '월말 마감 익월 10일', 'next_month_day', 10),
	('EOM_PLUS_30', '월말 마감 30일 후', 'days_after_close', 30);
--> statement-breakpoint
CREATE TABLE "credit_accounts" (
	"company_id" integer PRIMARY KEY NOT NULL REFERENCES "companies"("id"),
	"status" text DEFAULT 'active' NOT NULL,
	"credit_limit" bigint DEFAULT 0 NOT NULL,
	"allow_exceed" boolean DEFAULT false NOT NULL,
	"term_code" text NOT NULL REFERENCES "payment_terms"("code"),
	"grace_days" integer DEFAULT 0 NOT NULL,
	"overdue_threshold" bigint DEFAULT 0 NOT NULL,
	"hold_reason" text DEFAULT '' NOT NULL,
	"hold_statement_id" integer,
	"allow_sub_accounts" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_accounts_status_valid" CHECK ("status" in ('active','on_hold','suspended')),
	CONSTRAINT "credit_accounts_limit_nonnegative" CHECK ("credit_limit" >= 0),
	CONSTRAINT "credit_accounts_grace_valid" CHECK ("grace_days" between 0 and 365),
	CONSTRAINT "credit_accounts_threshold_nonnegative" CHECK ("overdue_threshold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_account_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"member_id" integer REFERENCES "members"("id"),
	"actor_name" text NOT NULL,
	"reason" text NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "credit_account_audit_company" ON "credit_account_audit" USING btree ("company_id","id");
--> statement-breakpoint
CREATE TABLE "receivables_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"order_id" integer REFERENCES "orders"("id"),
	"statement_id" integer,
	"deposit_id" integer,
	"idem_key" text NOT NULL,
	"member_id" integer REFERENCES "members"("id"),
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receivables_ledger_kind_valid" CHECK ("kind" in ('charge','reversal','credit_note','payment','payment_reversal','adjustment')),
	CONSTRAINT "receivables_ledger_amount_nonzero" CHECK ("amount" <> 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "receivables_ledger_idem" ON "receivables_ledger" USING btree ("idem_key");
--> statement-breakpoint
CREATE INDEX "receivables_ledger_company" ON "receivables_ledger" USING btree ("company_id","id");
--> statement-breakpoint
CREATE INDEX "receivables_ledger_order" ON "receivables_ledger" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "receivables_ledger_statement" ON "receivables_ledger" USING btree ("statement_id");
--> statement-breakpoint
-- The ledger is immutable: no row is ever changed or removed (a correction is a new row).
CREATE FUNCTION "receivables_ledger_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'receivables_ledger rows are immutable';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "receivables_ledger_no_update" BEFORE UPDATE OR DELETE ON "receivables_ledger"
	FOR EACH ROW EXECUTE FUNCTION "receivables_ledger_immutable"();
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"month" text NOT NULL,
	"opening" bigint NOT NULL,
	"charges" bigint NOT NULL,
	"credits" bigint NOT NULL,
	"payments" bigint NOT NULL,
	"adjustments" bigint NOT NULL,
	"closing" bigint NOT NULL,
	"amount_due" bigint NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"term_code" text NOT NULL,
	"term_label" text NOT NULL,
	"due_date" date NOT NULL,
	"tax_invoice_id" integer REFERENCES "tax_invoices"("id"),
	"pdf_path" text,
	"va_bank" text,
	"va_account_number" text,
	"va_holder" text,
	"va_expires_at" timestamp with time zone,
	"va_provider_key" text,
	"reminders" text[] DEFAULT '{}'::text[] NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statements_status_valid" CHECK ("status" in ('unpaid','partial','paid')),
	CONSTRAINT "statements_month_valid" CHECK ("month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "statements_company_month" ON "statements" USING btree ("company_id","month");
--> statement-breakpoint
CREATE INDEX "statements_due" ON "statements" USING btree ("status","due_date");
--> statement-breakpoint
CREATE UNIQUE INDEX "statements_va_account" ON "statements" USING btree ("va_account_number");
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL REFERENCES "statements"("id"),
	"ledger_id" integer NOT NULL REFERENCES "receivables_ledger"("id"),
	"kind" text NOT NULL,
	"order_id" integer,
	"line_date" date NOT NULL,
	"description" text NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_ledger" ON "statement_lines" USING btree ("ledger_id");
--> statement-breakpoint
CREATE INDEX "statement_lines_statement" ON "statement_lines" USING btree ("statement_id");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_with" text DEFAULT 'cash' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pay_with_valid" CHECK ("pay_with" in ('cash','credit'));
--> statement-breakpoint
-- A 월합계 of a credit statement keeps the statement's amounts (docs/requirements.md#monthly-close).
ALTER TABLE "tax_invoices" ADD COLUMN "statement_id" integer;
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_statement" ON "tax_invoices" USING btree ("statement_id") WHERE "statement_id" is not null;
