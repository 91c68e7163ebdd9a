/**
 * The schemas moved from server code into contract/: the server and the dashboard apply one limit each
 * (the dashboard's contact form and UI config form refuse exactly what the server's schema refuses).
 */
import { describe, expect, it } from 'vitest';
import { chatFilterSchema } from '../../contract/api/history.ts';
import { contactFields } from '../../contract/api/contacts.ts';
import { uiConfigSchema } from '../../contract/api/uiConfig.ts';
import { leadBody, sendMessageBody, startChatBody } from '../../contract/api/widget.ts';
import { CONTACT_LIMITS } from '../../contract/contacts.ts';
import { LEAD_VALUE_MAX_CHARS } from '../../contract/lead.ts';
import { TRIGGER_COUNT_MAX } from '../../contract/uiConfig.ts';
import { contactValidation } from '../../src/resources/contacts/contactValidation.ts';
import { validateUiConfig } from '../../src/pages/uiconfig/uiConfigModel.ts';
import { defaultUiConfig } from '../../server/src/runtime/uiConfig.ts';

/** The first message of a react-admin validator list, or undefined when the value passes. */
const dashboardError = (rules: ((v: unknown, values: object) => unknown)[], value: string) =>
  rules.map((r) => r(value, {})).find(Boolean);

describe('contact fields', () => {
  it.each(['name', 'department'] as const)('%s: the dashboard and the server refuse one character over the limit', (field) => {
    const max = CONTACT_LIMITS[field];
    expect(contactFields[field].safeParse('x'.repeat(max)).success).toBe(true);
    expect(dashboardError(contactValidation[field], 'x'.repeat(max))).toBeUndefined();
    expect(contactFields[field].safeParse('x'.repeat(max + 1)).success).toBe(false);
    expect(dashboardError(contactValidation[field], 'x'.repeat(max + 1))).toBeDefined();
  });

  it('email: both refuse an address over the limit', () => {
    const long = `${'a'.repeat(CONTACT_LIMITS.email)}@example.com`;
    expect(contactFields.email.safeParse(long).success).toBe(false);
    expect(dashboardError(contactValidation.email, long)).toBeDefined();
    expect(contactFields.email.safeParse('anna@example.com').success).toBe(true);
  });
});

describe('UI config', () => {
  it('the trigger count limit is the same in the dashboard and in the schema', () => {
    const over = { ...defaultUiConfig('en'), leadFormTriggerCount: TRIGGER_COUNT_MAX + 1 };
    expect(uiConfigSchema.safeParse(over).success).toBe(false);
    expect(validateUiConfig(over).leadFormTriggerCount).toBe('uiconfig.validation.triggerCount');
    const atMax = { ...defaultUiConfig('en'), leadFormTriggerCount: TRIGGER_COUNT_MAX };
    expect(uiConfigSchema.safeParse(atMax).success).toBe(true);
    expect(validateUiConfig(atMax)).toEqual({});
  });
});

describe('widget bodies', () => {
  it('a lead field takes at most LEAD_VALUE_MAX_CHARS characters', () => {
    expect(leadBody.safeParse({ consent: true, city: 'x'.repeat(LEAD_VALUE_MAX_CHARS) }).success).toBe(true);
    expect(leadBody.safeParse({ consent: true, city: 'x'.repeat(LEAD_VALUE_MAX_CHARS + 1) }).success).toBe(false);
    expect(leadBody.safeParse({ city: 'Bonn' }).success).toBe(false);
  });

  it('a message is checked against the configured maximum', () => {
    expect(sendMessageBody(5).safeParse({ text: ' hello ' }).data).toEqual({ text: 'hello' });
    expect(sendMessageBody(5).safeParse({ text: 'hello!' }).success).toBe(false);
    expect(sendMessageBody(5).safeParse({ text: '   ' }).success).toBe(false);
  });

  it('a chat starts from the widget unless the demo says otherwise', () => {
    expect(startChatBody.parse({})).toEqual({ source: 'widget' });
    expect(startChatBody.safeParse({ visitorId: 'short' }).success).toBe(false);
  });
});

describe('history filter', () => {
  it('refuses a malformed chat id and a range that ends before it starts', () => {
    expect(chatFilterSchema.safeParse({ chatbotId: 'b', id: ['nope'] }).success).toBe(false);
    expect(chatFilterSchema.safeParse({ chatbotId: 'b', from: '2026-02-02', to: '2026-02-01' }).success).toBe(false);
    expect(chatFilterSchema.safeParse({ chatbotId: 'b', from: '2026-02-01', to: '2026-02-02', category: 'hr' }).success).toBe(true);
  });
});
