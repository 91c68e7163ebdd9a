import { lazy } from 'react';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';

/**
 * Training documents, the react-admin resource `documents`: uploaded, listed and deleted at
 * /training/documents (the spec's path), so the resource has no create or edit route.
 */
export default {
  // Loaded with the page that draws it: the first screen carries no list code.
  list: lazy(() => import('./DocumentList.tsx').then((m) => ({ default: m.DocumentList }))),
  create: undefined,
  edit: undefined,
  show: undefined,
  icon: DescriptionIcon,
  recordRepresentation: 'name',
};
