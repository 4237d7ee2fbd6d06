-- Money coming in against 외상 (docs/requirements.md#credit-deposits): each statement's virtual account,
-- the deposit callbacks as they arrived, the deposits of every source and the depositor names staff
-- taught the matching; a card payment may pay a statement.
CREATE TABLE "statement_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL REFERENCES "statements"("id"),
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"provider" text NOT NULL,
	"order_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'issuing' NOT NULL,
	"bank" text DEFAULT '' NOT NULL,
	"account_number" text DEFAULT '' NOT NULL,
	"holder" text DEFAULT '' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"secret" text,
	"payment_key" text,
	"failure" text,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_accounts_status_valid" CHECK ("status" in ('issuing','open','failed')),
	CONSTRAINT "statement_accounts_amount_positive" CHECK ("amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "statement_accounts_order_id" ON "statement_accounts" ("order_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "statement_accounts_live" ON "statement_accounts" ("statement_id") WHERE status in ('issuing','open');
--> statement-breakpoint
CREATE TABLE "deposit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL REFERENCES "statement_accounts"("id"),
	"transaction_key" text NOT NULL,
	"status" text NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_events_transaction" ON "deposit_events" ("account_id", "transaction_key", "status");
--> statement-breakpoint
CREATE INDEX "deposit_events_account" ON "deposit_events" ("account_id", "event_at");
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_kind_valid";
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_valid" CHECK ("kind" in ('point','license','statement'));
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "statement_id" integer REFERENCES "statements"("id");
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_statement_named" CHECK (("kind" = 'statement') = ("statement_id" is not null));
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"source_key" text NOT NULL,
	"company_id" integer REFERENCES "companies"("id"),
	"depositor_name" text DEFAULT '' NOT NULL,
	"amount" bigint NOT NULL,
	"deposited_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"review_reason" text,
	"candidates" integer[],
	"account_id" integer REFERENCES "statement_accounts"("id"),
	"payment_id" integer REFERENCES "payments"("id"),
	"rung" text,
	"to_cash" bigint DEFAULT 0 NOT NULL,
	"recorded_by" integer REFERENCES "members"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "deposits_source_valid" CHECK ("source" in ('virtual_account','card','staff','import')),
	CONSTRAINT "deposits_status_valid" CHECK ("status" in ('applied','review','ignored','reversed')),
	CONSTRAINT "deposits_amount_positive" CHECK ("amount" > 0),
	CONSTRAINT "deposits_company_known" CHECK ("status" in ('review','ignored') or "company_id" is not null)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_source_key" ON "deposits" ("source_key");
--> statement-breakpoint
CREATE INDEX "deposits_company" ON "deposits" ("company_id", "deposited_at");
--> statement-breakpoint
CREATE INDEX "deposits_review" ON "deposits" ("created_at") WHERE status = 'review';
--> statement-breakpoint
CREATE TABLE "depositor_names" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"name" text NOT NULL,
	"created_by" integer REFERENCES "members"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "depositor_names_company_name" ON "depositor_names" ("company_id", "name");
