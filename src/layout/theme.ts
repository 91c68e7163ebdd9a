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
};
