import ContactPhoneIcon from '@mui/icons-material/ContactPhoneOutlined';
import { ContactCreate } from './ContactCreate.tsx';
import { ContactEdit } from './ContactEdit.tsx';
import { ContactList } from './ContactList.tsx';

/** Handover contacts (/training/contacts); add and edit open as dialogs over the list. */
export default {
  list: ContactList,
  create: ContactCreate,
  edit: ContactEdit,
  show: undefined,
  icon: ContactPhoneIcon,
  recordRepresentation: (record: { name: string; department: string }) => `${record.name} (${record.department})`,
};
