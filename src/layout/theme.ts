import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1f5fbf' },
    secondary: { main: '#12395f' },
    // MUI's default info (#0288d1) and warning (#ed6c02) carry white text below WCAG AA's 4.5:1 (trial chip,
    // admin badge): darker shades of the same hues reach 4.8:1 and 5:1.
    info: { main: '#0277bd', contrastText: '#ffffff' },
    warning: { main: '#b45309', contrastText: '#ffffff' },
  },
  components: {
    ...defaultTheme.components,
    // A checkbox given an aria-label (react-admin's row tick boxes are) would carry it on its outer span, where
    // ARIA does not allow it, and leave the input itself unnamed (axe: label, aria-prohibited-attr): the name
    // goes to the input. A checkbox with its own input props keeps them.
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: ((ownerState: { 'aria-label'?: string }) => (ownerState['aria-label'] ? { 'aria-label': undefined } : {})) as never,
          input: ((ownerState: { 'aria-label'?: string; inputProps?: Record<string, unknown> }) =>
            ownerState['aria-label'] ? { ...ownerState.inputProps, 'aria-label': ownerState.inputProps?.['aria-label'] ?? ownerState['aria-label'] } : (ownerState.inputProps ?? {})) as never,
        },
      },
    },
  },
};
