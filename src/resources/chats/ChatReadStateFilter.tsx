import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import type { ChatCounts } from './types.ts';
import { useCountLabel } from './useCountLabel.ts';

const STATES = ['all', 'read', 'unread'] as const;

/** All, read, unread: each with its count in the chosen category. */
export function ChatReadStateFilter({ counts }: { counts?: ChatCounts }) {
  const translate = useTranslate();
  const countLabel = useCountLabel();
  const { filterValues, setFilters } = useListContext();
  const current = filterValues.read === true ? 'read' : filterValues.read === false ? 'unread' : 'all';
  const change = (_: unknown, value: (typeof STATES)[number] | null) => {
    if (!value) return;
    const { read: _old, ...rest } = filterValues;
    setFilters(value === 'all' ? rest : { ...rest, read: value === 'read' }, undefined, false);
  };
  return (
    <ToggleButtonGroup size="small" exclusive value={current} onChange={change} aria-label={translate('history.readStates.label')}>
      {STATES.map((s) => (
        <ToggleButton key={s} value={s} data-testid={`read-${s}`} sx={{ textTransform: 'none', px: 1.5 }}>
          {translate(`history.readStates.${s}`)}
          {counts ? ` (${countLabel(counts.readStates[s], counts.cap)})` : ''}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
