import type { Db } from '../db/index.ts';
import { AppError, badRequest, conflict, notFound } from '../errors.ts';
import { LANGUAGE_NAMES, LANGUAGE_POOL, aliasOf, isPoolLanguage } from '../../../contract/languages.ts';
import type { LanguageEntry } from '../../../contract/api/account.ts';
import { chatbotLanguagesRepo } from '../repositories/chatbotLanguages.ts';
import { chatbotsRepo, type ChatbotRow } from '../repositories/chatbots.ts';
import { assertWithinLimit } from './subscriptions.ts';

export function assertPoolLanguage(lang: string) {
  if (!isPoolLanguage(lang)) throw badRequest('LanguageNotAvailable', `Language not available: ${lang}`, { lang, pool: LANGUAGE_POOL });
}

export async function listLanguages(db: Db, chatbotId: string): Promise<LanguageEntry[]> {
  const rows = await chatbotLanguagesRepo.list(db, chatbotId);
  return rows.map((r) => ({ lang: r.lang, isDefault: r.is_default, name: LANGUAGE_NAMES[r.lang] ?? r.lang, alias: aliasOf(r.lang) }));
}

/** Appends a language: pool only, once, within the plan's number of languages. */
export async function addLanguage(db: Db, bot: ChatbotRow, lang: string) {
  assertPoolLanguage(lang);
  await db.transaction(async (tx) => {
    // Serialises concurrent additions for one chatbot, so the plan limit cannot be passed by racing.
    await chatbotsRepo.lock(tx, bot.id);
    if (await chatbotLanguagesRepo.find(tx, bot.id, lang)) throw conflict('LanguageAlreadyAdded', `Language already added: ${lang}`);
    const count = await chatbotLanguagesRepo.count(tx, bot.id);
    await assertWithinLimit(tx, bot.organization_id, 'maxLanguages', count);
    await chatbotLanguagesRepo.add(tx, bot.id, lang, count === 0);
    if (count === 0) await chatbotsRepo.setLang(tx, bot.id, lang);
  });
  return listLanguages(db, bot.id);
}

export async function setDefaultLanguage(db: Db, bot: ChatbotRow, lang: string) {
  if (!isPoolLanguage(lang)) throw notFound('Language');
  await db.transaction(async (tx) => {
    if (!(await chatbotLanguagesRepo.find(tx, bot.id, lang))) throw notFound('Language');
    await chatbotLanguagesRepo.setDefault(tx, bot.id, lang);
    await chatbotsRepo.setLang(tx, bot.id, lang);
  });
  return listLanguages(db, bot.id);
}

/** Removes a language; the default one (and so the last one) stays until another is made default. */
export async function deleteLanguage(db: Db, bot: ChatbotRow, lang: string) {
  // Only pool codes can have been added; anything else (a NUL character, say) is simply not there.
  if (!isPoolLanguage(lang)) throw notFound('Language');
  await db.transaction(async (tx) => {
    const row = await chatbotLanguagesRepo.find(tx, bot.id, lang);
    if (!row) throw notFound('Language');
    if (row.is_default)
      throw new AppError(409, 'DefaultLanguageNotDeletable', 'The default language cannot be deleted; make another language the default first', { lang });
    await chatbotLanguagesRepo.remove(tx, bot.id, lang);
  });
  return listLanguages(db, bot.id);
}
