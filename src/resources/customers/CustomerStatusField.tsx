import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Customer } from './types.ts';

const COLOR = { trialing: 'info', active: 'success', canceled: 'default', expired: 'error', demo: 'default' } as const;

/** The subscription state as a chip (outlined: its text keeps AA contrast on the white table). */
export function CustomerStatusField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<Customer>();
  const translate = useTranslate();
  if (!record) return null;
  const status = record.status ?? 'none';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={record.status ? COLOR[record.status] : 'default'}
      label={translate(`operators.customers.status.${status}`)}
    />
  );
}
