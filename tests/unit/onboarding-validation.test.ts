import { describe, expect, it } from 'vitest';
import { isValidPhone, serverFieldErrors, validateNames, validatePersonal, validateWebsite } from '../../src/pages/register/validation.ts';

describe('phone validation', () => {
  it.each(['+49 30 1234567', '030/1234567', '(030) 123-4567', '+1 (555) 010.9999', '0171 2345678'])('accepts %s', (p) =>
    expect(isValidPhone(p)).toBe(true),
  );
  it.each(['', '12345', 'abc', '+49 30 12a4567', '++4930123456', '1234567890123456789', '+49#301234567'])('refuses %s', (p) =>
    expect(isValidPhone(p)).toBe(false),
  );
});

describe('personal data', () => {
  const ok = { firstName: 'Ada', lastName: 'Lovelace', company: 'Engines Ltd', phone: '+44 20 7946 0000', preferredLanguage: 'en' };
  it('passes complete data', () => expect(validatePersonal(ok)).toEqual({}));
  it('names every missing field and the invalid phone at its field', () => {
    expect(validatePersonal({ firstName: ' ', lastName: '', company: '', phone: '', preferredLanguage: '' })).toEqual({
      firstName: 'register.validation.required',
      lastName: 'register.validation.required',
      company: 'register.validation.required',
      phone: 'register.validation.required',
      preferredLanguage: 'register.validation.required',
    });
    expect(validatePersonal({ ...ok, phone: '12' })).toEqual({ phone: 'register.validation.phone' });
  });
  it('limits the length of names', () => expect(validateNames({ ...ok, company: 'x'.repeat(201) })).toEqual({ company: 'register.validation.tooLong' }));
  it('maps the server\'s field details onto the form', () => {
    expect(serverFieldErrors([{ path: 'phone', message: 'invalid phone' }, { path: 'other' }], ['phone', 'firstName'])).toEqual({
      phone: 'register.validation.phone',
    });
    expect(serverFieldErrors(null, ['phone'])).toEqual({});
  });
});

describe('website URL rules in the wizard', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['www.example.com', 'https://www.example.com'],
    ['http://www.example.com/shop', 'https://www.example.com/shop'],
    ['https://example.com/', 'https://example.com/'],
  ])('%s is sent as %s (kept as typed, forced to https)', (input, url) => expect(validateWebsite(input)).toEqual({ url }));
  it.each([
    ['', 'errors.url.empty'],
    ['example.com/#about', 'errors.url.hash'],
    ['ftp://example.com', 'errors.url.invalid'],
    ['not a url', 'errors.url.invalid'],
    ['example', 'errors.url.invalid'],
  ])('%j gives %s', (input, error) => expect(validateWebsite(input)).toEqual({ error }));
});

describe('the dashboard\'s phone rule matches the server\'s', () => {
  it('agrees with contract/api/account.ts on the same samples', async () => {
    const { patchUserBody } = await import('../../contract/api/account.ts');
    for (const p of ['+49 30 1234567', '030/1234567', '12345', 'abc', '(030) 123-4567', '+1 555 0100 9999', '1234567890123456']) {
      expect(isValidPhone(p), p).toBe(patchUserBody.safeParse({ phone: p }).success);
    }
  });
});
