-- 0039's journal time is earlier than 0038's, so a database migrated through 0038 before 0039
-- existed skipped it: the migrator applies only entries newer than the newest it has applied
-- (docs/operations.md#starting-and-stopping). Its table is made here where it is missing; a database
-- that applied 0039 has it already. Written by hand: the tables' snapshot has had it since 0039.
DO $$
BEGIN
  IF to_regclass('public.cart_requests') IS NULL THEN
    CREATE TABLE "cart_requests" (
      "member_id" integer NOT NULL,
      "request_id" text NOT NULL,
      "digest" text NOT NULL,
      "answer" jsonb,
      "created_at" timestamp with time zone DEFAULT now() NOT NULL,
      CONSTRAINT "cart_requests_member_id_request_id_pk" PRIMARY KEY("member_id","request_id")
    );
    ALTER TABLE "cart_requests" ADD CONSTRAINT "cart_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;
    CREATE INDEX "cart_requests_created_at" ON "cart_requests" USING btree ("created_at");
  END IF;
END $$;
