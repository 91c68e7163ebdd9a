-- A chat's search words (migration 040) are added by the statement that records the message
-- (repositories/conversations.ts recordMessage), in the same update that counts the message on its chat.
-- The trigger updated the chat a second time: a second row version of the chat, entered in each of the
-- chat's indexes again, for every answer. That statement is the only writer of messages.
drop trigger if exists messages_add_words_to_chat on messages;
drop function if exists chats_add_message_words();
