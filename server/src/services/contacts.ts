import { z } from 'zod';
import type { Db, Queryable } from '../db/index.ts';
import { contactFields } from '../../../contract/api/contacts.ts';
import { chatbotsRepo } from '../repositories/chatbots.ts';
import { contactsRepo, type HandoverContact } from '../repositories/contacts.ts';
import type { UserRow } from '../repositories/users.ts';
import { baseLang } from '../training/lang.ts';

// The schema lives in contract/; re-exported for the routes that take it from here.
export { contactFields };
const contactDraft = z.object({ name: contactFields.name, email: contactFields.email, phone: contactFields.phone, department: contactFields.department });

/**
 * Who a visitor is handed to: the contact that overrides the default for the given
 * department, else the chatbot's default contact.
 */
export async function findHandoverContact(db: Queryable, chatbotId: string, department?: string): Promise<HandoverContact | null> {
  return contactsRepo.handoverContact(db, chatbotId, department?.trim() || null);
}

/** The department the wizard's person is listed under, in the user's preferred language (else the chatbot's). */
const DEFAULT_DEPARTMENT: Record<'de' | 'en', string> = { de: 'Kundenservice', en: 'Customer service' };
export function defaultDepartment(preferredLanguage: string | null, chatbotLang: string): string {
  const lang = preferredLanguage === 'de' || preferredLanguage === 'en' ? preferredLanguage : baseLang(chatbotLang) === 'de' ? 'de' : 'en';
  return DEFAULT_DEPARTMENT[lang];
}

/**
 * The default contact made from the wizard's personal data, or null while that data cannot make one.
 * The contact schema requires a valid phone (the contact form refuses a contact without one, and the
 * widget offers it), so a user without a valid phone gets no contact rather than a contact the customer's
 * own form could not save; the PATCH that brings a valid phone creates it then.
 */
export function wizardContactDraft(user: Pick<UserRow, 'first_name' | 'last_name' | 'email' | 'phone' | 'preferred_language'>, chatbotLang: string) {
  const r = contactDraft.safeParse({
    name: [user.first_name, user.last_name].map((s) => s.trim()).filter(Boolean).join(' '),
    email: user.email.trim(),
    phone: user.phone,
    department: defaultDepartment(user.preferred_language, chatbotLang),
  });
  return r.success ? r.data : null;
}

type Log = { warn: (obj: unknown, msg: string) => void } | undefined;

/**
 * Makes the registration wizard's person (first and last name, phone, the account's e-mail) the default
 * contact of the organization's chatbot, so a hand-over names someone from the start.
 *
 * - Called when the chatbot is created (with the personal data saved before) and whenever the personal
 *   data is saved (PATCH users/{id}); whichever comes first with complete data decides.
 * - Decided once per chatbot (chatbots.default_contact_seeded_at): a contact is created only if the chatbot
 *   has no default contact then; if the customer already has one, nothing is created. Either way the
 *   decision is recorded, so a wizard contact the customer deletes later is not brought back.
 * - Never overwrites the customer's contacts: only a contact still marked `seeded_from_user` (not edited
 *   since, and still the default) follows later changes of that user's personal data; the contacts API
 *   clears that mark on the customer's first edit.
 * - Idempotent and safe against concurrent calls: the chatbot row is locked, and contacts_one_default
 *   admits one default per chatbot.
 *
 * Failures are logged, not thrown: the registration or profile save that triggered it has succeeded.
 */
export async function syncWizardContact(db: Db, user: UserRow, log?: Log) {
  try {
    const bot = await chatbotsRepo.firstOfOrg(db, user.organization_id);
    if (!bot) return;
    const draft = wizardContactDraft(user, bot.lang);
    if (!draft) return;
    await db.transaction(async (tx) => {
      const locked = await contactsRepo.lockWizardSeeding(tx, bot.id, user.organization_id);
      if (!locked) return;
      if (locked.default_contact_seeded_at) {
        await contactsRepo.updateSeededDefault(tx, bot.id, user.id, draft);
        return;
      }
      if (!(await contactsRepo.hasDefault(tx, bot.id))) await contactsRepo.insertSeededDefault(tx, bot, user.id, draft);
      await contactsRepo.markWizardSeeded(tx, bot.id);
    });
  } catch (e) {
    log?.warn({ err: e }, 'default contact from the personal data not created');
  }
}
