import { describe, expect, it } from 'vitest';
import { normalizeChatbotUrl } from '../../contract/chatbotUrl.ts';

describe('normalizeChatbotUrl', () => {
  it.each([
    ['https://example.com', 'https://example.com'],
    ['http://example.com/shop', 'https://example.com/shop'],
    ['HTTP://Example.com', 'https://example.com'],
    ['example.com', 'https://example.com'],
    ['www.example.com/de/', 'https://www.example.com/de/'],
    ['  sub.example.co.uk/a?b=1  ', 'https://sub.example.co.uk/a?b=1'],
    ['müller-shop.de', 'https://müller-shop.de'],
  ])('%s → %s', (input, expected) => expect(normalizeChatbotUrl(input)).toEqual({ ok: true, url: expected }));

  it('refuses a URL with a hash sign', () => {
    expect(normalizeChatbotUrl('https://example.com/#top')).toEqual({ ok: false, problem: 'hash' });
    expect(normalizeChatbotUrl('example.com#')).toEqual({ ok: false, problem: 'hash' });
  });

  it('refuses empty input', () => {
    expect(normalizeChatbotUrl('')).toEqual({ ok: false, problem: 'required' });
    expect(normalizeChatbotUrl('   ')).toEqual({ ok: false, problem: 'required' });
  });

  it.each(['ftp://example.com', 'javascript:alert(1)', 'example', 'exa mple.com', '//example.com', 'https://', 'https://user:pw@example.com', 'mailto:a@b.de', 'http://localhost:8080/x'])(
    'refuses %s',
    (input) => expect(normalizeChatbotUrl(input)).toMatchObject({ ok: false }),
  );
});
