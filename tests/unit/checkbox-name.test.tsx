/** The theme names a labelled checkbox's input, not its outer span (react-admin's row tick boxes; axe: label). */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Checkbox, ThemeProvider, createTheme } from '@mui/material';
import { theme } from '../../src/layout/theme.ts';

afterEach(cleanup);
const themed = (node: React.ReactNode) => render(<ThemeProvider theme={createTheme(theme as never)}>{node}</ThemeProvider>);

describe('checkbox names', () => {
  it('puts an aria-label on the input, and none on the span around it', () => {
    const { container } = themed(<Checkbox aria-label="Diese Zeile auswählen" />);
    expect(screen.getByRole('checkbox', { name: 'Diese Zeile auswählen' }).tagName).toBe('INPUT');
    expect(container.querySelector('span[aria-label]')).toBeNull();
  });

  it("keeps a checkbox's own input props", () => {
    themed(<Checkbox inputProps={{ 'aria-label': 'Eigener Name', id: 'own' }} />);
    expect(screen.getByRole('checkbox', { name: 'Eigener Name' }).id).toBe('own');
  });
});
