import { describe, expect, it } from 'vitest';
import * as server from '../../server/src/runtime/uiConfig.ts';
import { AppError, parse } from '../../server/src/errors.ts';
import {
  COLOR_KEYS,
  LEAD_FIELDS,
  MAX_RECOMMENDED_MESSAGES,
  TEXT_LIMITS,
  serverFieldErrors,
  toHexColor,
  validateUiConfig,
  type UiConfig,
} from '../../src/pages/uiconfig/uiConfigModel.ts';
import { ApiError } from '../../src/providers/http.ts';
import { demoProblem, isDemoId } from '../../src/pages/demo/demoState.ts';
import { frameDocument } from '../../src/pages/preview/widgetFrameDocument.ts';

const defaults = () => server.defaultUiConfig('de');

/** The server's error details for CONFIG, exactly as its PUT route produces them. */
function serverDetails(config: unknown) {
  try {
    parse(server.uiConfigSchema, config);
  } catch (e) {
    return (e as AppError).details;
  }
  throw new Error('the server accepted the config');
}

describe('UI config model (dashboard) against the server schema', () => {
  it('mirrors the server constants', () => {
    expect(LEAD_FIELDS).toEqual([...server.LEAD_FIELDS]);
    expect(MAX_RECOMMENDED_MESSAGES).toBe(server.MAX_RECOMMENDED_MESSAGES);
    expect(COLOR_KEYS.sort()).toEqual(Object.keys(defaults().colors).sort());
    // Every text limit is the server's: one character more is refused there.
    for (const key of ['title', 'introHeading', 'subHeading', 'startMessage', 'placeholderText', 'chatbotToggleText', 'consentText'] as const) {
      expect(server.uiConfigSchema.safeParse({ ...defaults(), [key]: 'x'.repeat(TEXT_LIMITS[key]) }).success).toBe(true);
      expect(server.uiConfigSchema.safeParse({ ...defaults(), [key]: 'x'.repeat(TEXT_LIMITS[key] + 1) }).success).toBe(false);
    }
  });

  it('finds nothing wrong with the defaults of every language', () => {
    expect(validateUiConfig(defaults())).toEqual({});
    expect(validateUiConfig(server.defaultUiConfig('en'))).toEqual({});
  });

  it('names each wrong field by the path the server uses', () => {
    const c: UiConfig = {
      ...defaults(),
      title: '  ',
      chatbotToggleText: 'x'.repeat(41),
      recommendedMessages: ['ok', '', 'y'.repeat(121)],
      colors: { ...defaults().colors, header: 'red; } * {display:none', text: 'url(x)' },
      collectContacts: true,
      leadFormTriggerCount: 51,
      leadForm: { ...defaults().leadForm, city: { enabled: false, required: true, description: 'Ort' } },
    };
    expect(validateUiConfig(c)).toEqual({
      title: 'uiconfig.validation.required',
      chatbotToggleText: 'uiconfig.validation.tooLong',
      'recommendedMessages.1': 'uiconfig.validation.required',
      'recommendedMessages.2': 'uiconfig.validation.tooLong',
      'colors.header': 'uiconfig.validation.color',
      'colors.text': 'uiconfig.validation.color',
      'leadForm.city.required': 'uiconfig.validation.requiredNeedsEnabled',
      leadFormTriggerCount: 'uiconfig.validation.triggerCount',
    });
    const none = Object.fromEntries(LEAD_FIELDS.map((f) => [f, { enabled: false, required: false, description: '' }])) as UiConfig['leadForm'];
    expect(validateUiConfig({ ...defaults(), collectContacts: true, leadForm: none })).toEqual({ leadForm: 'uiconfig.validation.oneField' });
    expect(validateUiConfig({ ...defaults(), leadFormTriggerCount: Number.NaN })).toHaveProperty('leadFormTriggerCount');
  });

  it('maps the server’s own 400 details to the same fields', () => {
    const details = serverDetails({ ...defaults(), title: '', colors: { ...defaults().colors, header: 'javascript:alert(1)' }, subHeading: 'z'.repeat(241) });
    expect(serverFieldErrors(details)).toEqual({
      title: 'uiconfig.validation.required',
      'colors.header': 'uiconfig.validation.color',
      subHeading: 'uiconfig.validation.tooLong',
    });
    expect(serverFieldErrors('nonsense')).toEqual({});
    expect(serverFieldErrors([{ nopath: 1 }, null])).toEqual({});
  });

  it('gives the color picker a #rrggbb value only when the text is a hex color', () => {
    expect(toHexColor('#1F4E79')).toBe('#1f4e79');
    expect(toHexColor('#abc')).toBe('#aabbcc');
    expect(toHexColor('navy')).toBeNull();
    expect(toHexColor('#12345')).toBeNull();
  });
});

describe('demo link states', () => {
  it('refuses a malformed id before asking the server', () => {
    expect(isDemoId(undefined)).toBe(false);
    expect(isDemoId('not-a-chatbot')).toBe(false);
    expect(isDemoId('00000000-0000-4000-8000-000000000000')).toBe(true);
  });
  it('maps the public API’s answers to the spec’s demo errors', () => {
    expect(demoProblem(new ApiError('Unknown', 400, { error: 'ValidationFailed' }))).toBe('invalidLink');
    expect(demoProblem(new ApiError('Unknown', 404, { error: 'NotFound' }))).toBe('chatbotNotFound');
    expect(demoProblem(new ApiError('Forbidden', 403, { error: 'SubscriptionExpired' }))).toBe('subscriptionInvalid');
    expect(demoProblem(new ApiError('Forbidden', 403, { error: 'OriginNotAllowed' }))).toBe('unknown');
    expect(demoProblem(new ApiError('NoInternetConnection', 0))).toBe('offline');
    expect(demoProblem(new Error('boom'))).toBe('unknown');
  });
});

describe('preview frame document', () => {
  it('carries the snippet with escaped attributes', () => {
    const html = frameDocument({ origin: 'https://app.example', chatbotId: '"><script>alert(1)</script>', lang: 'de' });
    expect(html).toContain('<script src="https://app.example/widget.js" data-chatbot-id="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" data-source="demo" data-lang="de" defer></script>');
    expect(html.match(/<script/g)).toHaveLength(1);
  });
});
