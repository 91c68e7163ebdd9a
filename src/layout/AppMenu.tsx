import type { ReactElement } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { Menu, useSidebarState, useTranslate } from 'react-admin';
import { plugins } from '../plugins/index.ts';
import type { AppMenuItem } from '../plugins/types.ts';
import { currentAdminParams } from '../providers/adminSession.ts';
import { isOperator } from '../providers/guard.ts';
import { useUserLookup } from '../providers/userStore.ts';

const items: AppMenuItem[] = plugins.flatMap((p) => p.menu ?? []);

/**
 * The sidebar: every plugin's menu entries, sub-entries indented below their parent. Collapsed (the wide
 * window's icon strip) it shows the entries' icons only, each named by its tooltip: sub-entries have no icon, so
 * they are left out there rather than shown as clipped slivers of their labels; the parent leads to them.
 */
export function AppMenu() {
  const translate = useTranslate();
  const lookup = useUserLookup();
  const operator = isOperator(!!currentAdminParams().adminToken, lookup);
  // An operator without a chatbot of their own has only the console; customers never see it.
  const shown = items.filter((item) => (operator && !lookup?.chatbot ? item.operatorOnly : !item.operatorOnly || operator));
  const [open] = useSidebarState();
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const collapsed = !open && !isXSmall;
  const render = (item: AppMenuItem, depth: number): ReactElement[] => {
    const Icon = item.icon;
    if (collapsed && depth > 0) return [];
    return [
      <Menu.Item
        key={item.to}
        to={item.to}
        primaryText={translate(item.label)}
        leftIcon={Icon ? <Icon /> : undefined}
        data-testid={`menu-${item.to.replace(/^\//, '').replace(/\//g, '-')}`}
        sx={depth ? { pl: 2 + depth * 2, fontSize: '0.875rem' } : undefined}
      />,
      ...(item.children ?? []).flatMap((child) => render(child, depth + 1)),
    ];
  };
  return <Menu>{shown.flatMap((item) => render(item, 0))}</Menu>;
}
