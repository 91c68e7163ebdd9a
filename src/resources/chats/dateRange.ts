/**
 * The date filter: the user picks calendar days in their own time zone; the server filters by instants.
 * "from" is the start of the first day, "to" the start of the day after the last one (exclusive).
 * German calendars start the week on Monday, English ones on Sunday (spec section 9).
 */
import { addDays, isValid, startOfDay } from 'date-fns';
import { de, enUS } from 'date-fns/locale';

export const dateLocaleFor = (locale: string) => (locale === 'en' ? enUS : de);

export const weekStartsOn = (locale: string) => dateLocaleFor(locale).options?.weekStartsOn ?? 1;

export const dateFormatFor = (locale: string) => (locale === 'en' ? 'MM/dd/yyyy' : 'dd.MM.yyyy');

export function rangeFilter(from: Date | null, to: Date | null): { from?: string; to?: string } {
  // Days picked the wrong way round still mean the days between them.
  if (from && to && isValid(from) && isValid(to) && from > to) [from, to] = [to, from];
  const out: { from?: string; to?: string } = {};
  if (from && isValid(from)) out.from = startOfDay(from).toISOString();
  if (to && isValid(to)) out.to = startOfDay(addDays(to, 1)).toISOString();
  return out;
}

/** Back from the filter's instants to the days shown in the pickers. */
export function rangeDays(filter: { from?: string; to?: string }): { from: Date | null; to: Date | null } {
  return {
    from: filter.from ? startOfDay(new Date(filter.from)) : null,
    to: filter.to ? addDays(startOfDay(new Date(filter.to)), -1) : null,
  };
}
