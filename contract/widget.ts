/**
 * Limits the server enforces on the widget's public API. The server sends the configured value in the public
 * chatbot config (maxMessageChars, from WIDGET_MAX_MESSAGE_CHARS); this default is what the widget falls back
 * to when it talks to a server that does not send one. Zod-free: the widget bundles it.
 */
export const DEFAULT_MAX_MESSAGE_CHARS = 1000;
