import { Link } from 'react-router';
import { Link as MuiLink } from '@mui/material';
import { useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import type { Customer } from './types.ts';

/** The owner's e-mail as the link that opens the customer in the admin view (keyboard users reach it too). */
export function CustomerOpenLink(_props: { label?: string; source?: string }) {
  const record = useRecordContext<Customer>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <MuiLink
      component={Link}
      to={createPath({ resource: 'customers', id: record.id, type: 'show' })}
      onClick={(e) => e.stopPropagation()}
      aria-label={translate('operators.customers.open', { email: record.email })}
      data-testid="customer-open"
    >
      {record.email}
    </MuiLink>
  );
}
