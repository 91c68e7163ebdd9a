import { useState } from 'react';
import { Stack } from '@mui/material';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { deDE, enUS } from '@mui/x-date-pickers/locales';
import { isValid } from 'date-fns';
import { useListContext, useLocaleState, useTranslate } from 'react-admin';
import { dateFormatFor, dateLocaleFor, rangeDays, rangeFilter } from './dateRange.ts';

/**
 * From/to days of the date filter in the interface's calendar: German (dd.MM.yyyy, weeks from Monday)
 * or English (MM/dd/yyyy, weeks from Sunday). A half-typed date stays in the field; only complete
 * dates (or an emptied field) change the filter.
 */
export function ChatDateFilter() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { filterValues, setFilters } = useListContext();
  const [days, setDays] = useState(() => rangeDays(filterValues));
  const change = (which: 'from' | 'to', value: Date | null) => {
    const next = { ...days, [which]: value };
    setDays(next);
    if (value && !isValid(value)) return;
    const { from: _f, to: _t, ...rest } = filterValues;
    setFilters({ ...rest, ...rangeFilter(next.from, next.to) }, undefined, false);
  };
  const textField = (name: string) => ({ size: 'small' as const, name, sx: { flex: { xs: 1, sm: 'none' }, minWidth: 0, width: { sm: 175 } } });
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={dateLocaleFor(locale)}
      localeText={(locale === 'en' ? enUS : deDE).components.MuiLocalizationProvider.defaultProps.localeText}
    >
      <Stack direction="row" useFlexGap spacing={1} sx={{ width: { xs: '100%', sm: 'auto' } }}>
        <DatePicker
          label={translate('history.filters.from')}
          value={days.from}
          format={dateFormatFor(locale)}
          onChange={(v) => change('from', v)}
          slotProps={{ textField: textField('from'), field: { clearable: true } }}
        />
        <DatePicker
          label={translate('history.filters.to')}
          value={days.to}
          format={dateFormatFor(locale)}
          onChange={(v) => change('to', v)}
          slotProps={{ textField: textField('to'), field: { clearable: true } }}
        />
      </Stack>
    </LocalizationProvider>
  );
}
