/**
 * Stands in for @mui/material's styles/ThemeProvider.js (see vite.config.ts), which chooses between the plain
 * theme provider and the CSS-variable one. Themes come from createTheme.ts next to this file, which builds
 * only plain ones, so the CSS-variable provider (and its colour-scheme code) is left out.
 */
import { useMemo, type ReactNode } from 'react';
import type { Theme } from '@mui/material/styles';
import ThemeProviderNoVars from '../../../node_modules/@mui/material/esm/styles/ThemeProviderNoVars.js';

type ThemeInput = Partial<Theme> | ((outer: Theme) => Theme);

export default function ThemeProvider({ theme, children }: { theme: ThemeInput; children?: ReactNode }) {
  // As MUI's provider does for a plain theme: `vars: null` tells MUI's components there are no CSS variables.
  const plain = useMemo(() => (typeof theme === 'function' || 'vars' in theme ? theme : { ...theme, vars: null }), [theme]);
  return <ThemeProviderNoVars theme={plain as ThemeInput}>{children}</ThemeProviderNoVars>;
}
