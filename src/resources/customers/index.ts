import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/PeopleAltOutlined';

/**
 * The operator console's customers: the list, and "show" opens a customer in the admin view. Both load with
 * their screen: the first screen (every customer's dashboard) carries no list code (bundle budget).
 */
export default {
  list: lazy(() => import('./CustomerList.tsx').then((m) => ({ default: m.CustomerList }))),
  show: lazy(() => import('./CustomerOpen.tsx').then((m) => ({ default: m.CustomerOpen }))),
  icon: PeopleIcon,
  recordRepresentation: 'email',
};
