import { useEffect, useState } from 'react';
import { useListContext } from 'react-admin';

/**
 * The text of a list's search field, applied to the list's `q` filter after a pause in typing. The filter is
 * merged into the list's filters as they are when it is applied, not as they were when typing began: a filter
 * chosen meanwhile (a select, a checkbox) stays chosen. When the address changes the filter (back button, a
 * shared link), the field follows it.
 */
export function useListSearchText(delayMs = 400): [string, (text: string) => void] {
  const { filterValues, setFilters } = useListContext();
  const [text, setText] = useState<string>(filterValues.q ?? '');
  useEffect(() => setText((t) => (t.trim() === (filterValues.q ?? '') ? t : (filterValues.q ?? ''))), [filterValues.q]);
  useEffect(() => {
    if ((filterValues.q ?? '') === text.trim()) return;
    const timer = setTimeout(() => {
      const { q: _q, ...rest } = filterValues;
      setFilters(text.trim() ? { ...rest, q: text.trim() } : rest, undefined, false);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, filterValues, setFilters, delayMs]);
  return [text, setText];
}
