-- The rated answers of a chatbot, by rating: the dashboard's statistics count thumbs up and down from it, and
-- the history's rating filter finds the chats with a rated answer, without reading the chatbot's other messages.
create index messages_feedback_rated on messages (chatbot_id, feedback_rating) where feedback_rating is not null;
