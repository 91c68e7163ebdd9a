import Papa from 'papaparse';
import type { TranslateFunction } from 'react-admin';
import { downloadCsv } from '../chats/exportCsv.ts';
import type { Customer } from './types.ts';

/** The columns of the exported file, in the interface language; dates as the interface language writes them. */
export function customerCsv(customers: Customer[], translate: TranslateFunction, locale: string): string {
  const f = (field: string) => translate(`operators.customers.fields.${field}`);
  const date = (iso: string) => new Date(iso).toLocaleString(locale === 'de' ? 'de-DE' : 'en-GB');
  const rows = customers.map((c) => ({
    [f('email')]: c.email,
    [f('name')]: [c.firstName, c.lastName].filter(Boolean).join(' '),
    [f('company')]: c.company,
    [f('plan')]: c.planName ?? '',
    [f('status')]: translate(`operators.customers.status.${c.status ?? 'none'}`),
    [f('chatbots')]: c.chatbots,
    [f('createdAt')]: date(c.createdAt),
    [f('lastActivityAt')]: date(c.lastActivityAt),
  }));
  return Papa.unparse(rows, { columns: ['email', 'name', 'company', 'plan', 'status', 'chatbots', 'createdAt', 'lastActivityAt'].map(f) });
}

/** react-admin's exporter for the list's ExportButton: the records of the current filter, as CSV. */
export const customerExporter = (translate: TranslateFunction, locale: string) => (customers: Customer[]) =>
  downloadCsv(customerCsv(customers, translate, locale), `${translate('operators.customers.exportFile')}.csv`);
