import type { demo as en } from '../en/demo.ts';
import type { MessagesOf } from '../types.ts';
export const demo: MessagesOf<typeof en> = {
  title: 'Demo',
  training: 'Der Chatbot wird noch trainiert: Die Antworten können vorerst schlechter sein.',
};
