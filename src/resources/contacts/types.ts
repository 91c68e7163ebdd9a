export type { Contact } from '../../../contract/contacts.ts';
