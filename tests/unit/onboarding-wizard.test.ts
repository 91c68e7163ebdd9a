import { describe, expect, it } from 'vitest';
import { profileComplete, resolveStep, stepHref } from '../../src/pages/register/wizardSteps.ts';
import { shopThemeEditorUrl } from '../../src/pages/implementation/shopUrl.ts';
import { widgetSnippet } from '../../src/pages/implementation/snippet.ts';

describe('wizard steps from the server state', () => {
  const full = { firstName: 'A', lastName: 'B', company: 'C', phone: '+49 30 123456', preferredLanguage: 'de' };
  it('needs every personal field', () => {
    expect(profileComplete(full)).toBe(true);
    expect(profileComplete({ ...full, phone: '' })).toBe(false);
    expect(profileComplete({ ...full, preferredLanguage: null })).toBe(false);
    expect(profileComplete(null)).toBe(false);
  });
  it('an unregistered user without personal data is always on personal data', () => {
    expect(resolveStep({ registered: false, requested: 'website', profileComplete: false })).toBe('personal');
    expect(resolveStep({ registered: false, requested: null, profileComplete: false })).toBe('personal');
  });
  it('with personal data the website follows; back to personal data works', () => {
    expect(resolveStep({ registered: false, requested: null, profileComplete: true })).toBe('website');
    expect(resolveStep({ registered: false, requested: 'personal', profileComplete: true })).toBe('personal');
    expect(resolveStep({ registered: false, requested: 'start', profileComplete: true })).toBe('website');
  });
  it('a registered user sees the training unless another step is asked for', () => {
    expect(resolveStep({ registered: true, requested: undefined, profileComplete: true })).toBe('website');
    expect(resolveStep({ registered: true, requested: 'start', profileComplete: true })).toBe('start');
    expect(resolveStep({ registered: true, requested: 'bogus', profileComplete: true })).toBe('website');
  });
  it('addresses before and after registration', () => {
    expect(stepHref('website', false)).toBe('/register?step=website');
    expect(stepHref('start', true)).toBe('/register/start');
  });
});

describe('implementation', () => {
  it('builds the snippet the widget loader reads', () => {
    expect(widgetSnippet('https://bots.example.com/', 'abc-123')).toBe(
      '<script src="https://bots.example.com/widget.js" data-chatbot-id="abc-123" defer></script>',
    );
  });
  it.each([
    ['https://admin.shopify.com/store/My-Shop', 'my-shop'],
    ['admin.shopify.com/store/my-shop/settings', 'my-shop'],
    ['https://my-shop.myshopify.com/admin', 'my-shop'],
    ['my-shop.myshopify.com/admin/themes', 'my-shop'],
  ])('turns %s into the theme code editor link', (input, store) => {
    expect(shopThemeEditorUrl(input)).toEqual({
      ok: true,
      store,
      editorUrl: `https://${store}.myshopify.com/admin/themes/current?key=layout/theme.liquid`,
    });
  });
  it.each([
    ['', 'empty'],
    ['https://my-shop.com', 'invalid'],
    ['https://my-shop.myshopify.com/', 'invalid'],
    ['https://admin.shopify.com/', 'invalid'],
    ['javascript:alert(1)', 'invalid'],
    ['https://admin.shopify.com.evil.test/store/x', 'invalid'],
  ])('refuses %j', (input, reason) => expect(shopThemeEditorUrl(input)).toEqual({ ok: false, reason }));
});
