import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { de } from '../../i18n/de.ts';
import { defaultUiConfig } from '../../server/src/runtime/uiConfig.ts';
import { StylingTab } from '../../src/pages/uiconfig/StylingTab.tsx';
import { ContactsTab } from '../../src/pages/uiconfig/ContactsTab.tsx';
import { TextsTab } from '../../src/pages/uiconfig/TextsTab.tsx';
import { MAX_RECOMMENDED_MESSAGES, type FieldErrors, type UiConfig, type UiConfigRecord } from '../../src/pages/uiconfig/uiConfigModel.ts';

const i18nProvider = polyglotI18nProvider(() => de, 'de');
const OPEN: UiConfigRecord['locks'] = { styling: false, contactCollection: false, brandingRemoval: false };

/** A tab with its own state, so typing changes the config as on the page. */
function Harness({ tab, locks = OPEN, errors = {}, onConfig }: { tab: 'texts' | 'styling' | 'contacts'; locks?: UiConfigRecord['locks']; errors?: FieldErrors; onConfig?: (c: UiConfig) => void }) {
  const [config, setConfig] = useState(defaultUiConfig('de'));
  const change = (update: (c: UiConfig) => UiConfig) =>
    setConfig((c) => {
      const next = update(c);
      onConfig?.(next);
      return next;
    });
  if (tab === 'texts') return <TextsTab config={config} errors={errors} change={change} />;
  if (tab === 'styling') return <StylingTab config={config} errors={errors} locks={locks} change={change} />;
  return <ContactsTab config={config} errors={errors} locks={locks} change={change} />;
}

const renderTab = (props: Parameters<typeof Harness>[0]) =>
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider}>
        <Harness {...props} />
      </AdminContext>
    </MemoryRouter>,
  );

afterEach(cleanup);

describe('UI configuration forms', { timeout: 30_000 }, () => {
  it('locks styling and contact collection behind the upgrade prompt where the plan excludes them', () => {
    renderTab({ tab: 'styling', locks: { styling: true, contactCollection: true, brandingRemoval: true } });
    expect(screen.getByTestId('upgrade-prompt-stylingAllowed')).toBeTruthy();
    expect(screen.getByTestId('upgrade-prompt-brandingRemovalAllowed')).toBeTruthy();
    // The locked form is shown dimmed and inert, the branding switch disabled.
    expect(screen.getByTestId('field-colors.header').closest('[inert]')).not.toBeNull();
    expect((screen.getByTestId('field-removeBranding') as HTMLInputElement).disabled).toBe(true);
    cleanup();
    renderTab({ tab: 'contacts', locks: { styling: true, contactCollection: true, brandingRemoval: true } });
    expect(screen.getByTestId('upgrade-prompt-contactCollectionAllowed')).toBeTruthy();
    expect(screen.getByTestId('field-collectContacts').closest('[inert]')).not.toBeNull();
  });

  it('offers everything when the plan allows it', () => {
    let last: UiConfig | undefined;
    renderTab({ tab: 'styling', onConfig: (c) => (last = c) });
    expect(screen.queryByTestId('upgrade-prompt-stylingAllowed')).toBeNull();
    fireEvent.click(screen.getByTestId('field-removeBranding'));
    expect(last?.showPoweredBy).toBe(false);
    fireEvent.change(screen.getByTestId('field-colors.header'), { target: { value: '#8b0000' } });
    expect(last?.colors.header).toBe('#8b0000');
    fireEvent.click(screen.getByLabelText('Dunkel'));
    expect(last?.theme).toBe('dark');
  });

  it('shows an error at its field', () => {
    renderTab({ tab: 'styling', errors: { 'colors.header': 'uiconfig.validation.color' } });
    expect(screen.getByTestId('field-colors.header').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/Keine gültige Farbe/)).toBeTruthy();
  });

  it('adds suggested questions up to the maximum', () => {
    let last: UiConfig | undefined;
    renderTab({ tab: 'texts', onConfig: (c) => (last = c) });
    for (let i = 0; i < MAX_RECOMMENDED_MESSAGES; i++) fireEvent.click(screen.getByRole('button', { name: 'Frage hinzufügen' }));
    expect(last?.recommendedMessages).toHaveLength(MAX_RECOMMENDED_MESSAGES);
    expect(screen.queryByRole('button', { name: 'Frage hinzufügen' })).toBeNull();
    expect((screen.getByRole('button', { name: `Höchstens ${MAX_RECOMMENDED_MESSAGES} Fragen` }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Frage 1 entfernen' }));
    expect(last?.recommendedMessages).toHaveLength(MAX_RECOMMENDED_MESSAGES - 1);
  });

  it('unticking a lead field also drops its required flag', () => {
    let last: UiConfig | undefined;
    renderTab({ tab: 'contacts', onConfig: (c) => (last = c) });
    fireEvent.click(screen.getByLabelText('E-Mail anzeigen'));
    expect(last?.leadForm.email).toMatchObject({ enabled: false, required: false });
  });
});
