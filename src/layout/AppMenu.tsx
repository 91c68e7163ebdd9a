import type { ReactElement } from 'react';
import { Menu, useTranslate } from 'react-admin';
import { plugins } from '../plugins/index.ts';
import type { AppMenuItem } from '../plugins/types.ts';

const items: AppMenuItem[] = plugins.flatMap((p) => p.menu ?? []);

/** The sidebar: every plugin's menu entries, sub-entries indented below their parent. */
export function AppMenu() {
  const translate = useTranslate();
  const render = (item: AppMenuItem, depth: number): ReactElement[] => {
    const Icon = item.icon;
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
  return <Menu>{items.flatMap((item) => render(item, 0))}</Menu>;
}
