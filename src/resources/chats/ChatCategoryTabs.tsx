import { Tab, Tabs } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import type { ChatCounts } from './types.ts';
import { useCountLabel } from './useCountLabel.ts';

const TABS = ['all', 'general', 'contact', 'hr'] as const;

/** All chats, general, contact, HR: each with its count under the other filters. */
export function ChatCategoryTabs({ counts }: { counts?: ChatCounts }) {
  const translate = useTranslate();
  const countLabel = useCountLabel();
  const { filterValues, setFilters } = useListContext();
  const current = (filterValues.category as string | undefined) ?? 'all';
  const change = (_: unknown, value: (typeof TABS)[number]) => {
    const { category: _old, ...rest } = filterValues;
    setFilters(value === 'all' ? rest : { ...rest, category: value }, undefined, false);
  };
  return (
    <Tabs
      value={current}
      onChange={change}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={translate('history.categories.label')}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {TABS.map((tab) => (
        <Tab
          key={tab}
          value={tab}
          data-testid={`category-${tab}`}
          label={`${translate(`history.categories.${tab}`)}${counts ? ` (${countLabel(counts.categories[tab], counts.cap)})` : ''}`}
        />
      ))}
    </Tabs>
  );
}
