/**
 * Stands in for @mui/material's styles/createTheme.js (see vite.config.ts). MUI's createTheme also builds
 * CSS-variable themes (colour schemes), and with them brings ~7 KB gzipped into the first screen. The
 * dashboard's theme (layout/theme.ts, from react-admin's default) has neither colour schemes nor CSS
 * variables, so only the plain theme is built; asking for either fails loudly instead of looking wrong.
 */
import createThemeNoVars from '../../../node_modules/@mui/material/esm/styles/createThemeNoVars.js';

type Options = NonNullable<Parameters<typeof createThemeNoVars>[0]> & { cssVariables?: unknown };

export default function createTheme(options: Options = {}, ...args: object[]) {
  if ('colorSchemes' in options || options.cssVariables)
    throw new Error('CSS-variable themes need MUI\'s createTheme: remove its replacement in vite.config.ts');
  return createThemeNoVars(options, ...args);
}
