/**
 * The rules of contract/, one table per rule, and the check that every side (dashboard, server, widget, mock)
 * applies that one rule rather than a copy of its own.
 */
import { describe, expect, it } from 'vitest';
import { normalizeChatbotUrl } from '../../contract/chatbotUrl.ts';
import { LEAD_EMAIL_RE, LEAD_FIELDS } from '../../contract/lead.ts';
import { isValidPhone, PHONE_MAX_DIGITS } from '../../contract/phone.ts';
import { DEFAULT_MAX_MESSAGE_CHARS } from '../../contract/widget.ts';
import { validatePersonal, validateWebsite } from '../../src/pages/register/validation.ts';
import { LEAD_FIELDS as DASHBOARD_LEAD_FIELDS } from '../../src/pages/uiconfig/uiConfigModel.ts';
import { loadConfig } from '../../server/src/config.ts';
import { patchUserBody } from '../../contract/api/account.ts';
import { defaultUiConfig, LEAD_FIELDS as SERVER_LEAD_FIELDS } from '../../server/src/runtime/uiConfig.ts';
import { mountChat } from '../../widget/src/chat/index.ts';
import { validateLead } from '../../widget/src/chat/leadValidation.ts';
import type { WidgetApi } from '../../widget/src/shared/api.ts';
import { textsFor } from '../../widget/src/shared/texts.ts';

describe('chatbot URL rule', () => {
  it.each([
    // scheme: any case, http becomes https, none gets https
    ['HTTP://Example.com', 'https://example.com'],
    ['Https://EXAMPLE.com/Shop', 'https://example.com/Shop'],
    ['http://example.com', 'https://example.com'],
    ['example.com', 'https://example.com'],
    // spaces around are dropped
    ['  example.com  ', 'https://example.com'],
    ['\thttps://example.com/\n', 'https://example.com/'],
    // trailing slash, path, query and port kept as typed
    ['example.com/', 'https://example.com/'],
    ['example.com/de/', 'https://example.com/de/'],
    ['www.example.com/Shop/Über-uns', 'https://www.example.com/Shop/Über-uns'],
    ['example.com?x=1&y=2', 'https://example.com?x=1&y=2'],
    ['shop.example.co.uk/a?b=1', 'https://shop.example.co.uk/a?b=1'],
    ['example.com:8080/a', 'https://example.com:8080/a'],
    ['https://example.com:443/a', 'https://example.com/a'],
    // IDN hosts are websites like any other, shown as typed (lower-cased)
    ['müller-shop.de', 'https://müller-shop.de'],
    ['MÜLLER-SHOP.DE/kontakt', 'https://müller-shop.de/kontakt'],
    ['xn--mller-shop-9db.de', 'https://xn--mller-shop-9db.de'],
    ['bücher.example.онлайн', 'https://bücher.example.онлайн'],
    // addresses: allowed by the rule; fetching a private one needs CRAWL_ALLOW_PRIVATE
    ['127.0.0.1:8080', 'https://127.0.0.1:8080'],
    ['http://93.184.216.34/', 'https://93.184.216.34/'],
  ])('%j → %s', (input, url) => expect(normalizeChatbotUrl(input)).toEqual({ ok: true, url }));

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['https://example.com/#top', 'hash'],
    ['example.com#', 'hash'],
    // not a public website
    ['localhost', 'invalid'],
    ['http://localhost:8080/x', 'invalid'],
    ['a.b', 'invalid'],
    ['example', 'invalid'],
    ['example.123', 'invalid'],
    ['-shop.example.com', 'invalid'],
    ['example..com', 'invalid'],
    ['https://.com', 'invalid'],
    ['example.com.', 'invalid'],
    ['999.1.1.1', 'invalid'],
    // not a web address
    ['ftp://example.com', 'invalid'],
    ['javascript:alert(1)', 'invalid'],
    ['mailto:a@b.de', 'invalid'],
    ['https://user:pw@example.com', 'invalid'],
    ['//example.com', 'invalid'],
    ['https://', 'invalid'],
    ['exa mple.com', 'invalid'],
    ['example.com\\shop', 'invalid'],
    ['ex%61mple.com', 'invalid'],
    ['example.com:99999', 'invalid'],
  ])('%j is refused (%s)', (input, problem) => expect(normalizeChatbotUrl(input)).toEqual({ ok: false, problem }));

  it('is the rule of the registration wizard', () => {
    expect(validateWebsite('HTTP://Müller-Shop.de/')).toEqual({ url: 'https://müller-shop.de/' });
    expect(validateWebsite(' ')).toEqual({ error: 'errors.url.empty' });
    expect(validateWebsite('localhost')).toEqual({ error: 'errors.url.invalid' });
  });
});

describe('phone rule', () => {
  const sixteenDigits = '+49 171 12345678901';
  it.each([
    ['+49 30 1234567', true],
    ['030/1234567', true],
    ['(030) 123-4567', true],
    ['+1 (555) 010.9999', true],
    ['  0171 2345678  ', true],
    ['123456', true],
    ['+123456789012345', true], // 15 digits: E.164's longest
    ['12345', false],
    ['+1234567890123456', false], // 16 digits
    [sixteenDigits, false],
    ['1234567890123456789', false],
    ['', false],
    ['abc', false],
    ['+49 30 12a4567', false],
    ['++4930123456', false],
    ['+49#301234567', false],
    ['0049 30 1234567 ext. 5', false],
  ])('%j → %s', (phone, valid) => {
    expect(isValidPhone(phone)).toBe(valid);
    // the same answer on every side: the server's profile schema, the wizard and the widget's lead form
    expect(patchUserBody.safeParse({ phone }).success, 'server').toBe(valid);
    const personal = { firstName: 'A', lastName: 'B', company: 'C', phone, preferredLanguage: 'de' };
    expect('phone' in validatePersonal(personal), 'dashboard').toBe(!valid);
    const form = { phoneNumber: { enabled: true, required: true, description: '' } } as unknown as Parameters<typeof validateLead>[0];
    expect('phoneNumber' in validateLead(form, { phoneNumber: phone }, true, textsFor('de')), 'widget').toBe(!valid);
  });

  it('allows E.164 at most', () => expect(PHONE_MAX_DIGITS).toBe(15));
});

describe('widget message limit', () => {
  const mount = (maxMessageChars?: number) => {
    const host = document.createElement('div');
    const root = host.attachShadow({ mode: 'open' });
    mountChat({
      root, host, api: {} as WidgetApi, config: defaultUiConfig('de'), lang: 'de', training: false, source: 'widget', base: '', onClose: () => {},
      maxMessageChars,
    });
    return root.querySelector('textarea')!.getAttribute('maxlength');
  };
  it.each([
    [2000, '2000'],
    [50, '50'],
    [undefined, String(DEFAULT_MAX_MESSAGE_CHARS)],
  ])('the server sends %s → the composer takes %s characters', (sent, maxlength) => expect(mount(sent)).toBe(maxlength));

  it('falls back to the server\'s own default', () => expect(DEFAULT_MAX_MESSAGE_CHARS).toBe(loadConfig({}).WIDGET_MAX_MESSAGE_CHARS));
});

describe('lead fields', () => {
  it.each([
    ['server', SERVER_LEAD_FIELDS],
    ['dashboard', DASHBOARD_LEAD_FIELDS],
  ])('the %s uses the contract list itself', (_side, fields) => expect(fields).toBe(LEAD_FIELDS));

  it('names the fields in display order', () =>
    expect([...LEAD_FIELDS]).toEqual(['name', 'firstName', 'lastName', 'email', 'phoneNumber', 'address', 'streetNumber', 'zip', 'city', 'country']));

  it.each([
    ['anna@example.com', true],
    ['anna.schmidt+shop@müller-shop.de', true],
    ['  anna@example.com', false],
    ['anna@example', false],
    ['anna@example.c', false],
    ['anna example@x.de', false],
  ])('email %j → %s', (email, valid) => expect(LEAD_EMAIL_RE.test(email)).toBe(valid));
});
