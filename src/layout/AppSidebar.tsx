import { useEffect, useRef } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { Sidebar, useSidebarState, useStore, type SidebarProps } from 'react-admin';

/** Where the wide window's choice (sidebar open or collapsed) is kept, apart from the phone's drawer. */
export const DESKTOP_SIDEBAR_KEY = 'sidebar.desktopOpen';

/**
 * react-admin's sidebar with separate states for the wide window and the phone: react-admin keeps one
 * "open" flag for both, so opening the drawer on a phone used to open the desktop sidebar too, and collapsing
 * it on the desktop made the phone's drawer start closed or open by chance. Here the wide window's choice is
 * kept under its own key and restored whenever the window is wide; the phone's drawer starts closed on every
 * load and every switch to phone width, and what happens to it never reaches the desktop's choice.
 */
export function AppSidebar(props: SidebarProps) {
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useSidebarState();
  // Open until the person collapses it, as react-admin starts a wide window (whatever the phone's drawer did).
  const [desktopOpen, setDesktopOpen] = useStore<boolean>(DESKTOP_SIDEBAR_KEY, true);
  const mode = isXSmall ? 'phone' : 'desktop';
  const shownMode = useRef<typeof mode | null>(null);
  const switching = shownMode.current !== mode;
  useEffect(() => {
    if (shownMode.current !== mode) {
      shownMode.current = mode;
      setOpen(mode === 'phone' ? false : desktopOpen);
    } else if (mode === 'desktop' && open !== desktopOpen) {
      setDesktopOpen(open);
    }
  }, [mode, open, desktopOpen, setOpen, setDesktopOpen]);
  const shown = switching ? mode === 'desktop' && desktopOpen : open;
  return <Sidebar {...props} open={shown} />;
}
