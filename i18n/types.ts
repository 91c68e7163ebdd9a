import type { TranslationMessages } from 'ra-core';

/** react-admin's own messages: every key react-admin 5 declares (the German file must fill them all). */
export type RaMessages = TranslationMessages['ra'];

/** Turns a message object into its shape with string leaves, so the German files are typed by the English. */
export type MessagesOf<T> = { [K in keyof T]: T[K] extends string ? string : MessagesOf<T[K]> };
