import { ExportButton, useTranslate, type ExportButtonProps } from 'react-admin';

/**
 * react-admin's ExportButton, named on a phone even while it is disabled (an empty list): there react-admin draws
 * an icon button and leaves out its aria-label, so it would have no name (axe: button-name).
 */
export function NamedExportButton(props: ExportButtonProps) {
  const translate = useTranslate();
  return <ExportButton aria-label={translate(props.label ?? 'ra.action.export')} {...props} />;
}
