-- The '상담 답변 도착' notice: at most one per conversation in any 10 minutes, counted from the last
-- notice written, not by clock windows (docs/requirements.md#notifications).
ALTER TABLE "chat_conversations" ADD COLUMN "reply_noticed_at" timestamp with time zone;
