import { NamedExportButton } from '../../components/NamedExportButton.tsx';
import { useLocaleState, useTranslate, type Exporter } from 'react-admin';
import { saveCsv, toCsv, type CsvColumn } from '../../lib/csvExport.ts';
import type { Contact } from './types.ts';

/** react-admin's export button: the contacts the list's search matches as CSV, headed in the interface language. */
export function ContactExportButton({ byId }: { byId: Map<string, Contact> }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const field = (name: string) => translate(`resources.contacts.fields.${name}`);
  const columns: CsvColumn<Contact>[] = [
    { header: field('name'), value: (c) => c.name },
    { header: field('department'), value: (c) => c.department },
    { header: field('email'), value: (c) => c.email },
    { header: field('phone'), value: (c) => c.phone },
    { header: field('isDefault'), value: (c) => translate(c.isDefault ? 'ra.boolean.true' : 'ra.boolean.false') },
    { header: field('overridesId'), value: (c) => (c.overridesId ? byId.get(c.overridesId)?.name : '') },
  ];
  const exporter: Exporter<Contact> = (records) => saveCsv(toCsv(records, columns, locale), `${translate('training.contacts.exportFile')}.csv`);
  return <NamedExportButton exporter={exporter} variant="outlined" data-testid="contact-export" />;
}
