/**
 * Stands in for react-hotkeys-hook (see vite.config.ts), which only react-admin's menu items use, for their
 * `keyboardShortcut` prop. The dashboard gives none, so the library (~2 KB gzipped) stays out of the bundle;
 * a shortcut given later fails loudly here instead of doing nothing.
 */
import { useRef } from 'react';

export function useHotkeys(keys: string | readonly string[]) {
  if (keys.length > 0) throw new Error('Keyboard shortcuts need react-hotkeys-hook: remove its replacement in vite.config.ts');
  return useRef(null);
}
