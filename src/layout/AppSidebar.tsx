import { useEffect, useRef } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { Sidebar, useSidebarState, type SidebarProps } from 'react-admin';

/**
 * react-admin's sidebar, except that a window shrinking to phone width (a phone turned upright) starts with
 * the drawer closed: the open sidebar of the wide window must not become a drawer covering the screen.
 */
export function AppSidebar(props: SidebarProps) {
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useSidebarState();
  const wasXSmall = useRef(isXSmall);
  const justBecamePhone = isXSmall && !wasXSmall.current;
  useEffect(() => {
    if (isXSmall && !wasXSmall.current) setOpen(false);
    wasXSmall.current = isXSmall;
  }, [isXSmall, setOpen]);
  return <Sidebar {...props} {...(isXSmall ? { open: open && !justBecamePhone } : {})} />;
}
