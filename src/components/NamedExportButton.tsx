import { ExportButton, useTranslate, type ExportButtonProps } from 'react-admin';
import { MAX_EXPORT_RECORDS } from '../../contract/listPage.ts';

/**
 * react-admin's ExportButton, named on a phone even while it is disabled (an empty list): there react-admin draws
 * an icon button and leaves out its aria-label, so it would have no name (axe: button-name). It exports up to
 * MAX_EXPORT_RECORDS records (react-admin's default is 1,000), read by the data provider page by page.
 */
export function NamedExportButton(props: ExportButtonProps) {
  const translate = useTranslate();
  return <ExportButton aria-label={translate(props.label ?? 'ra.action.export')} maxResults={MAX_EXPORT_RECORDS} {...props} />;
}
