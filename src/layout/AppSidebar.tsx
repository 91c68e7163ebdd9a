import { useEffect, useRef } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { Sidebar, useSidebarState, type SidebarProps } from 'react-admin';

/**
 * react-admin's sidebar, except that a window shrinking to phone width (a phone turned upright) starts with
 * the drawer closed: the open sidebar of the wide window must not become a drawer covering the screen.
 * Widening again restores what the wide window had, so the phone's closed drawer is not saved for the desktop.
 */
export function AppSidebar(props: SidebarProps) {
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useSidebarState();
  const wasXSmall = useRef(isXSmall);
  const openOnWideWindow = useRef(open);
  const justBecamePhone = isXSmall && !wasXSmall.current;
  useEffect(() => {
    if (isXSmall && !wasXSmall.current) {
      openOnWideWindow.current = open;
      setOpen(false);
    } else if (!isXSmall && wasXSmall.current) {
      setOpen(openOnWideWindow.current);
    }
    wasXSmall.current = isXSmall;
  }, [isXSmall, open, setOpen]);
  return <Sidebar {...props} {...(isXSmall ? { open: open && !justBecamePhone } : {})} />;
}
