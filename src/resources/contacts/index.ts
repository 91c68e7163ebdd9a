import { lazy } from 'react';
import ContactPhoneIcon from '@mui/icons-material/ContactPhoneOutlined';
import type { Contact } from './types.ts';

/**
 * Handover contacts, the react-admin resource `contacts`. Its list is drawn at /training/contacts (the spec's
 * path); add and edit are dialogs over that list, so the resource has no create or edit route.
 */
export default {
  // Loaded with the page that draws it: the first screen carries no list code.
  list: lazy(() => import('./ContactList.tsx').then((m) => ({ default: m.ContactList }))),
  create: undefined,
  edit: undefined,
  show: undefined,
  icon: ContactPhoneIcon,
  recordRepresentation: (record: Pick<Contact, 'name' | 'department'>) => `${record.name} (${record.department})`,
};
