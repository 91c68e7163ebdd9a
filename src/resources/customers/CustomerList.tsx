import { useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  SimpleList,
  useLocale,
  useTranslate,
} from 'react-admin';
import { CustomerListActions } from './CustomerListActions.tsx';
import { CustomerOpenLink } from './CustomerOpenLink.tsx';
import { CustomerStatusField } from './CustomerStatusField.tsx';
import { PLAN_CHOICES, STATUS_CHOICES } from './customerChoices.ts';
import { customerExporter } from './customerExporter.ts';
import type { Customer } from './types.ts';

/**
 * The operator console's customer list: search, filters (kept in the address), sortable columns, pages
 * and the export. Opening a customer (the e-mail, or the row) enters the admin view of that customer.
 */
export function CustomerList() {
  const translate = useTranslate();
  const locale = useLocale();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const label = (field: string) => translate(`operators.customers.fields.${field}`);
  const date = (iso: string) =>
    new Date(iso).toLocaleString(locale === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  const filters = [
    <SearchInput key="q" source="q" alwaysOn sx={{ minWidth: { md: 340 } }} placeholder={translate('operators.customers.search')} inputProps={{ 'aria-label': translate('operators.customers.search') }} />,
    <SelectInput key="status" source="status" label={label('status')} choices={STATUS_CHOICES} />,
    <SelectInput key="plan" source="plan" label={label('plan')} choices={PLAN_CHOICES} translateChoice={false} />,
    <NullableBooleanInput
      key="hasChatbot"
      source="hasChatbot"
      label={label('hasChatbot')}
      trueLabel="operators.customers.hasChatbot.yes"
      falseLabel="operators.customers.hasChatbot.no"
    />,
  ];
  return (
    <List<Customer>
      resource="customers"
      title={translate('operators.customers.title')}
      filters={filters}
      actions={<CustomerListActions />}
      sort={{ field: 'lastActivityAt', order: 'DESC' }}
      perPage={25}
      exporter={customerExporter(translate, locale)}
      empty={false}
    >
      {phone ? (
        <SimpleList<Customer>
          primaryText={(c) => c.email}
          secondaryText={(c) => [c.company, c.planName, translate(`operators.customers.status.${c.status ?? 'none'}`)].filter(Boolean).join(' · ')}
          tertiaryText={(c) => date(c.lastActivityAt)}
          rowClick="show"
        />
      ) : (
        <DataTable<Customer> rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="email" label={label('email')} field={CustomerOpenLink} />
          <DataTable.Col label={label('name')} disableSort render={(c) => [c.firstName, c.lastName].filter(Boolean).join(' ')} />
          <DataTable.Col source="company" label={label('company')} />
          <DataTable.Col source="planId" label={label('plan')} render={(c) => c.planName ?? ''} />
          <DataTable.Col source="status" label={label('status')} field={CustomerStatusField} />
          <DataTable.NumberCol source="chatbots" label={label('chatbots')} />
          <DataTable.Col source="createdAt" label={label('createdAt')} render={(c) => date(c.createdAt)} />
          <DataTable.Col source="lastActivityAt" label={label('lastActivityAt')} render={(c) => date(c.lastActivityAt)} />
        </DataTable>
      )}
    </List>
  );
}
