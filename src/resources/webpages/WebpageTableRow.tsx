import { forwardRef } from 'react';
import { DataTableRow, useRecordContext, type DataTableRowProps } from 'react-admin';
import type { Webpage } from './types.ts';

/** A row of the pages table, marked with its path and training state like the list items and cards. */
export const WebpageTableRow = forwardRef<HTMLTableRowElement, DataTableRowProps>(function WebpageTableRow(props, ref) {
  const page = useRecordContext<Webpage>();
  return <DataTableRow ref={ref} {...props} data-testid="page-item" data-path={page?.path} data-being-trained={page?.beingTrained} />;
});
