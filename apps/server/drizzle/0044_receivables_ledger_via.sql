-- A payment row of the receivables ledger says how its money came, and the ledger names it so
-- (docs/requirements.md#credit-deposits): 입금, 가상계좌 입금, 카드 결제, 캐시 결제, 차감액으로 결제.
ALTER TABLE "receivables_ledger" ADD COLUMN "via" text;--> statement-breakpoint
-- The rows posted before: the credit notes' and the cash payments' by their keys, a deposit's by its
-- source. The ledger is immutable (0024, 0028); its trigger is off for this one backfill only.
ALTER TABLE "receivables_ledger" DISABLE TRIGGER "receivables_ledger_no_update";--> statement-breakpoint
UPDATE "receivables_ledger" l SET "via" = CASE
	WHEN l."idem_key" LIKE 'credit:%' THEN 'credit_note'
	WHEN l."idem_key" LIKE 'payment:cash:%' THEN 'cash'
	ELSE coalesce(
		(SELECT CASE WHEN d."source" IN ('card', 'virtual_account') THEN d."source" ELSE 'transfer' END
			FROM "deposits" d WHERE d."id" = l."deposit_id"),
		'transfer')
	END
WHERE l."kind" IN ('payment', 'payment_reversal');--> statement-breakpoint
ALTER TABLE "receivables_ledger" ENABLE TRIGGER "receivables_ledger_no_update";--> statement-breakpoint
ALTER TABLE "receivables_ledger" ADD CONSTRAINT "receivables_ledger_via_valid" CHECK ("receivables_ledger"."via" in ('transfer','virtual_account','card','cash','credit_note'));--> statement-breakpoint
ALTER TABLE "receivables_ledger" ADD CONSTRAINT "receivables_ledger_via_of_payments" CHECK (("receivables_ledger"."kind" in ('payment', 'payment_reversal')) = ("receivables_ledger"."via" is not null));
