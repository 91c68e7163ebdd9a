import { NamedExportButton } from '../../components/NamedExportButton.tsx';
import { useLocaleState, useTranslate, type Exporter } from 'react-admin';
import { saveCsv, toCsv, type CsvColumn } from '../../lib/csvExport.ts';
import { formatSize } from './formatSize.ts';
import type { TrainingDocument } from './types.ts';

/** react-admin's export button: the documents the list's filters match as CSV, in the interface language. */
export function DocumentExportButton() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const tag = locale === 'de' ? 'de-DE' : 'en-US';
  const field = (name: string) => translate(`resources.documents.fields.${name}`);
  const columns: CsvColumn<TrainingDocument>[] = [
    { header: field('name'), value: (d) => d.name },
    { header: field('type'), value: (d) => d.type.toUpperCase() },
    { header: field('size'), value: (d) => formatSize(d.size, locale) },
    { header: field('characters'), value: (d) => d.characters },
    { header: field('createdAt'), value: (d) => new Date(d.createdAt).toLocaleDateString(tag) },
    { header: field('sourceUrl'), value: (d) => d.sourceUrl ?? translate('training.documents.uploaded') },
  ];
  const exporter: Exporter<TrainingDocument> = (records) => saveCsv(toCsv(records, columns, locale), `${translate('training.documents.exportFile')}.csv`);
  return <NamedExportButton exporter={exporter} variant="outlined" data-testid="document-export" />;
}
