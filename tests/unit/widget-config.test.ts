import { describe, expect, it } from 'vitest';
import { cssVariables, mergeConfig } from '../../widget/src/shared/config.ts';
import { isTrustedMessage } from '../../widget/src/shared/events.ts';
import { validateLead } from '../../widget/src/chat/leadValidation.ts';
import { textsFor } from '../../widget/src/shared/texts.ts';
import { defaultUiConfig } from '../../server/src/runtime/uiConfig.ts';
import { isCssColor } from '../../contract/cssColor.ts';

const base = defaultUiConfig('de');

describe('live config changes (chatbotConfigChange)', () => {
  it('applies valid changes and keeps everything else', () => {
    const next = mergeConfig(base, { title: 'Neu', theme: 'dark', colors: { header: '#123456' }, recommendedMessages: ['A', 'B'] });
    expect(next.title).toBe('Neu');
    expect(next.theme).toBe('dark');
    expect(next.colors.header).toBe('#123456');
    expect(next.colors.text).toBe(base.colors.text);
    expect(next.recommendedMessages).toEqual(['A', 'B']);
    expect(next.startMessage).toBe(base.startMessage);
  });

  it('ignores invalid values instead of applying them', () => {
    const next = mergeConfig(base, {
      theme: 'neon',
      rounding: 42,
      colors: { header: 'red; } * { display:none', text: 'url(x)' },
      showPoweredBy: 'no',
      unknown: 'x',
      recommendedMessages: ['1', '2', '3', '4', '5', '6', '7', 8],
    });
    expect(next.theme).toBe('light');
    expect(next.rounding).toBe('rounded');
    expect(next.colors).toEqual(base.colors);
    expect(next.showPoweredBy).toBe(true);
    expect('unknown' in next).toBe(false);
    expect(next.recommendedMessages).toHaveLength(6);
    expect(mergeConfig(base, null)).toBe(base);
  });

  it('turns the config into CSS variables, with dark surfaces for the dark theme', () => {
    const light = cssVariables(base);
    expect(light['--cb-header']).toBe('#1f4e79');
    expect(light['--cb-bg']).toBe('#ffffff');
    expect(light['--cb-radius']).toBe('12px');
    const dark = cssVariables({ ...base, theme: 'dark', rounding: 'none' });
    expect(dark['--cb-bg']).not.toBe('#ffffff');
    expect(dark['--cb-radius']).toBe('0');
    const custom = cssVariables({ ...base, theme: 'dark', colors: { ...base.colors, background: '#102030' } });
    expect(custom['--cb-bg']).toBe('#102030');
  });
});

describe('CSS colors', () => {
  it.each(['#fff', '#FFFFFF', '#ffffff80', 'red', 'RebeccaPurple', 'rgb(1, 2, 3)', 'rgba(1,2,3,0.5)', 'hsl(200 50% 40%)', 'oklch(70% 0.1 200 / 50%)', 'transparent'])(
    'accepts %s',
    (c) => expect(isCssColor(c)).toBe(true),
  );
  it.each(['', '#ggg', '#12345', 'red;', 'red}', 'url(x)', 'var(--x)', 'expression(alert(1))', 'rgb(1,2,3);color:red', 'notacolor'])('refuses %s', (c) =>
    expect(isCssColor(c)).toBe(false),
  );
});

describe('cross-frame messages', () => {
  const trusted = ['https://app.example'];
  it('accepts widget events only from trusted origins', () => {
    expect(isTrustedMessage({ origin: 'https://app.example', data: { type: 'chatbotConfigChange', detail: {} } }, trusted)).toBe(true);
    expect(isTrustedMessage({ origin: 'https://evil.example', data: { type: 'chatbotConfigChange' } }, trusted)).toBe(false);
    expect(isTrustedMessage({ origin: 'https://app.example', data: { type: 'somethingElse' } }, trusted)).toBe(false);
    expect(isTrustedMessage({ origin: 'https://app.example', data: 'chatbotClose' }, trusted)).toBe(false);
    expect(isTrustedMessage({ origin: 'https://app.example', data: null }, trusted)).toBe(false);
  });
});

describe('lead form validation', () => {
  const texts = textsFor('en');
  const form = { ...base.leadForm, phoneNumber: { enabled: true, required: false, description: 'Phone' } };
  it('requires required fields and consent, and checks email and phone formats', () => {
    expect(validateLead(form, {}, false, texts)).toEqual({ name: 'Required', email: 'Required', consent: 'Please give your consent.' });
    expect(validateLead(form, { name: 'Eva', email: 'eva@', phoneNumber: 'abc' }, true, texts)).toEqual({
      email: 'Invalid email address',
      phoneNumber: 'Invalid phone number',
    });
    expect(validateLead(form, { name: 'Eva', email: 'eva@example.com', phoneNumber: '+49 30 123456' }, true, texts)).toEqual({});
  });
});
