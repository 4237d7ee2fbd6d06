-- A client message id is unique per conversation and sender, not per sender: the same id sent to
-- another conversation is another message, never a resend of the first (docs/requirements.md#chat).
DROP INDEX "chat_messages_sender_client_id";--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_conversation_sender_client_id" ON "chat_messages" USING btree ("conversation_id","sender_id","client_message_id");