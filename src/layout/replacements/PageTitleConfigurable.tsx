/**
 * Stands in for ra-ui-materialui/dist/layout/PageTitleConfigurable.js (see vite.config.ts): react-admin's
 * <Title> draws the page title through it, with a title preferences editor the dashboard never opens and
 * that would bring MUI's text fields and a popover into the first screen. Same markup as its PageTitle.
 */
import type { ReactNode } from 'react';
import { useTranslate } from 'ra-core';

interface Props {
  title?: string | ReactNode;
  defaultTitle?: ReactNode;
  className?: string;
  preferenceKey?: string | false;
}

export function PageTitleConfigurable({ title, defaultTitle, className, preferenceKey: _preferenceKey, ...rest }: Props) {
  const translate = useTranslate();
  return (
    <span className={className}>
      {!title ? <span {...rest}>{defaultTitle}</span> : typeof title === 'string' ? <span {...rest}>{translate(title, { _: title })}</span> : title}
    </span>
  );
}
