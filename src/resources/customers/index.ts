import PeopleIcon from '@mui/icons-material/PeopleAltOutlined';
import { CustomerList } from './CustomerList.tsx';
import { CustomerOpen } from './CustomerOpen.tsx';

/** The operator console's customers: the list, and "show" opens a customer in the admin view. */
export default {
  list: CustomerList,
  show: CustomerOpen,
  icon: PeopleIcon,
  recordRepresentation: 'email',
};
