-- 다시 보내기 sends a statement's 알림톡 at most once a minute: two presses at once (staff and
-- admin, a double click) claim this column in one conditional update (docs/requirements.md#monthly-close).
ALTER TABLE "statements" ADD COLUMN "resent_at" timestamp with time zone;
