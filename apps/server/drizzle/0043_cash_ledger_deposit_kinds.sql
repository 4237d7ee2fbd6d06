-- A take-back's cash rows are named for what they are, not as staff's adjustments
-- (docs/requirements.md#credit-deposits).
ALTER TABLE "cash_ledger" DROP CONSTRAINT "cash_ledger_type_valid";--> statement-breakpoint
ALTER TABLE "cash_ledger" ADD CONSTRAINT "cash_ledger_type_valid" CHECK ("cash_ledger"."type" in ('order','point','license','cancel','return','adjust','deposit_reversal','statement_payment'));
