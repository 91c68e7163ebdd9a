/**
 * A chat's last message time and search words are written after its messages, not by them (migration 172):
 * both are indexed, so writing them with each message put a new version of the chat into all its indexes and
 * its whole word list into the GIN index again. A recorded message notes its chat; a refresh writes the noted
 * chats in one statement, CHAT_REFRESH_MS after a recording (per process), and before anything reads them
 * (the history, its export, the privacy exports and the retention).
 */
import type { Db } from '../db/index.ts';
import { conversationsRepo as chatsSql } from '../repositories/conversations.ts';

/** Chats written per statement; a read's refresh goes on until its organization has none left. */
const BATCH = 500;

/** Writes up to BATCH noted chats of the organization (null: of any); how many it took, or null when another refresh was running. */
async function refreshOnce(db: Db, organizationId: string | null, wait: boolean) {
  return db.transaction(async (tx) => {
    if (!(await chatsSql.lockChatRefresh(tx, wait))) return null;
    const ids = await chatsSql.takePendingChats(tx, organizationId, BATCH);
    await chatsSql.refreshChatWords(tx, ids);
    return ids.length;
  });
}

/**
 * Brings the organization's chats (null: every organization's) up to their recorded messages before they are
 * read. A chat whose next message is being recorded at this moment may show the state before its last one.
 */
export async function refreshChats(db: Db, organizationId: string | null) {
  while ((await refreshOnce(db, organizationId, true)) === BATCH);
}

type Log = { warn: (o: object, msg: string) => void };
const refreshers = new WeakMap<Db, { soon(): void; stop(): Promise<void> }>();

/**
 * Starts this process's refreshes: `afterMs` after a recording (refreshSoon) it writes the noted chats of every
 * organization. stop() ends them (the app's close).
 */
export function startChatRefresh(db: Db, log: Log, afterMs: number) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = async () => {
    timer = null;
    let taken: number | null;
    do taken = await refreshOnce(db, null, false);
    while (taken === BATCH);
    // Another process's refresh held the lock: its chats are written, but not the ones noted since.
    if (taken === null) soon();
  };
  const soon = () => {
    if (timer || stopped) return;
    timer = setTimeout(() => {
      running = run()
        .catch((e: Error) => log.warn({ err: e }, 'refreshing chats after their messages failed; the next refresh takes them'))
        .finally(() => (running = null));
    }, afterMs);
    timer.unref();
  };
  const refresher = {
    soon,
    /** Ends the refreshes, writing what is noted when one was due (the notes would wait for the next read). */
    async stop() {
      stopped = true;
      if (refreshers.get(db) === refresher) refreshers.delete(db);
      const due = timer !== null;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      if (due) await run().catch((e: Error) => log.warn({ err: e }, 'refreshing chats at the stop failed; the next read takes them'));
    },
  };
  refreshers.set(db, refresher);
  return refresher;
}

/** After a recording: the noted chats are written soon (nothing when no refresher runs). */
export function refreshSoon(db: Db) {
  refreshers.get(db)?.soon();
}
