-- The registration wizard's person becomes the chatbot's default contact (services/contacts.ts).

-- Set on a contact created from a user's personal data while it still holds only what was copied there;
-- the customer's first edit clears it, and from then on the contact is the customer's and never rewritten.
alter table contacts add column seeded_from_user uuid references users(id) on delete set null;

-- When the default contact was settled from the personal data (created, or the customer already had one):
-- decided once, so a wizard contact the customer deletes is not brought back by the next profile save.
alter table chatbots add column default_contact_seeded_at timestamptz;

-- Chatbots whose customers already keep contacts have decided for themselves.
update chatbots c set default_contact_seeded_at = now()
 where exists (select 1 from contacts k where k.chatbot_id = c.id);
