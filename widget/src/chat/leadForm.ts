/** The lead form: the configured fields with their descriptions, a consent checkbox, validation. */
import { h } from '../shared/dom.ts';
import type { UiConfig } from '../shared/config.ts';
import type { WidgetTexts } from '../shared/texts.ts';
import { validateLead } from './leadValidation.ts';
import { LEAD_VALUE_MAX_CHARS } from '../../../contract/lead.ts';

const INPUT_TYPES: Record<string, string> = { email: 'email', phoneNumber: 'tel' };
const AUTOCOMPLETE: Record<string, string> = {
  name: 'name', firstName: 'given-name', lastName: 'family-name', email: 'email', phoneNumber: 'tel',
  address: 'address-line1', zip: 'postal-code', city: 'address-level2', country: 'country-name',
};

export function renderLeadForm(
  config: UiConfig,
  texts: WidgetTexts,
  onSubmit: (values: Record<string, string | boolean>) => Promise<void>,
  onCancel: () => void,
) {
  const inputs: Record<string, HTMLInputElement> = {};
  const errors: Record<string, HTMLElement> = {};
  const fields = Object.entries(config.leadForm)
    .filter(([, rule]) => rule.enabled)
    .map(([name, rule]) => {
      const id = `cb-lead-${name}`;
      const input = h('input', {
        id,
        name,
        type: INPUT_TYPES[name] ?? 'text',
        autocomplete: AUTOCOMPLETE[name] ?? 'on',
        required: rule.required,
        maxlength: String(LEAD_VALUE_MAX_CHARS),
        'aria-describedby': `${id}-err`,
      });
      inputs[name] = input;
      errors[name] = h('div', { class: 'err', id: `${id}-err`, 'aria-live': 'polite' });
      return h('div', { class: 'field' }, h('label', { for: id }, rule.description || name, rule.required ? ' *' : ''), input, errors[name]);
    });
  const consent = h('input', { type: 'checkbox', id: 'cb-lead-consent', required: true, 'aria-describedby': 'cb-lead-consent-err' });
  errors.consent = h('div', { class: 'err', id: 'cb-lead-consent-err', 'aria-live': 'polite' });
  const status = h('div', { class: 'err', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'btn' }, texts.submit);
  const cancel = h('button', { type: 'button', class: 'btn secondary' }, texts.cancel);
  const form = h(
    'form',
    { class: 'lead', novalidate: true, 'aria-label': texts.contactTitle },
    h('h3', {}, texts.contactTitle),
    fields,
    h('label', { class: 'consent', for: 'cb-lead-consent' }, consent, h('span', {}, config.consentText)),
    errors.consent,
    status,
    h('div', { class: 'actions' }, cancel, submit),
  );
  cancel.addEventListener('click', onCancel);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const values = Object.fromEntries(Object.entries(inputs).map(([k, el]) => [k, el.value.trim()]));
    const found = validateLead(config.leadForm, values, consent.checked, texts);
    for (const [k, el] of Object.entries(errors)) {
      el.textContent = found[k] ?? '';
      (inputs[k] ?? consent).setAttribute('aria-invalid', found[k] ? 'true' : 'false');
    }
    status.textContent = '';
    const first = Object.keys(found)[0];
    if (first) return (inputs[first] ?? consent).focus();
    submit.disabled = true;
    try {
      // The text shown is stored with the lead as proof of consent.
      await onSubmit({ ...Object.fromEntries(Object.entries(values).filter(([, v]) => v)), consent: true, consentText: config.consentText });
    } catch (err) {
      status.textContent = (err as { visitorMessage?: string }).visitorMessage ?? texts.error;
    } finally {
      submit.disabled = false;
    }
  });
  return { form, focus: () => (Object.values(inputs)[0] ?? consent).focus() };
}
