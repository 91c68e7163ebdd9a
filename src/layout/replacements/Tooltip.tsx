/**
 * Stands in for @mui/material's Tooltip everywhere (see vite.config.ts). A tooltip draws nothing until it is
 * hovered, yet MUI's brings its popper (Popper.js, ~10 KB gzipped) into the first screen through react-admin's
 * app bar and menu. This one loads MUI's Tooltip when the first tooltip mounts; until it is there (a moment
 * after the first screen) the child is drawn alone, with the accessible name the tooltip would give it.
 */
import { Suspense, cloneElement, lazy, type ReactElement } from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';

const MuiTooltip = lazy(() => import('@mui/material/Tooltip'));

function ChildAlone({ children, title, describeChild }: TooltipProps) {
  const child = children as ReactElement<Record<string, unknown>>;
  const text = typeof title === 'string' ? title : undefined;
  return describeChild
    ? cloneElement(child, { title: child.props.title ?? text })
    : cloneElement(child, { 'aria-label': child.props['aria-label'] ?? text });
}

export default function Tooltip(props: TooltipProps) {
  return (
    <Suspense fallback={<ChildAlone {...props} />}>
      <MuiTooltip {...props} />
    </Suspense>
  );
}

// The rest of @mui/material/Tooltip's exports, unchanged.
export { default as tooltipClasses } from '../../../node_modules/@mui/material/esm/Tooltip/tooltipClasses.js';
export * from '../../../node_modules/@mui/material/esm/Tooltip/tooltipClasses.js';
