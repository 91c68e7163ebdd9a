/** The widget's lead form sends the consent text it showed, so the server can keep it as proof of consent. */
import { describe, expect, it } from 'vitest';
import { renderLeadForm } from '../../widget/src/chat/leadForm.ts';
import { textsFor } from '../../widget/src/shared/texts.ts';
import { defaultUiConfig } from '../../server/src/runtime/uiConfig.ts';

function fill(form: HTMLFormElement, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) (form.querySelector(`[name="${name}"]`) as HTMLInputElement).value = value;
}

describe('lead form consent', () => {
  const consentText = 'Ich willige ein, dass die Muster GmbH meine Angaben speichert (Datenschutzerklärung, Stand 2026).';
  const config = { ...defaultUiConfig('de'), collectContacts: true, consentText };

  it('submits the consent text shown next to the checkbox, once the visitor ticked it', async () => {
    const sent: Record<string, string | boolean>[] = [];
    const { form } = renderLeadForm(config, textsFor('de'), async (v) => void sent.push(v), () => {});
    document.body.append(form);
    expect(form.querySelector('label.consent')?.textContent).toBe(consentText);
    const required = Object.entries(config.leadForm).filter(([, r]) => r.enabled && r.required).map(([name]) => name);
    fill(form, Object.fromEntries(required.map((name) => [name, name === 'email' ? 'eva@example.test' : 'Eva'])));

    form.requestSubmit();
    await Promise.resolve();
    expect(sent).toHaveLength(0); // not ticked: nothing leaves the form

    (form.querySelector('#cb-lead-consent') as HTMLInputElement).checked = true;
    form.requestSubmit();
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toMatchObject({ consent: true, consentText });
    form.remove();
  });
});
