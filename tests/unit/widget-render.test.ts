import { describe, expect, it } from 'vitest';
import { linkify, renderAnswer, renderSources, renderVisitorMessage, safeHref } from '../../widget/src/chat/render.ts';
import { renderLeadForm } from '../../widget/src/chat/leadForm.ts';
import { renderToggle } from '../../widget/src/loader/toggle.ts';
import { h } from '../../widget/src/shared/dom.ts';
import { textsFor } from '../../widget/src/shared/texts.ts';
import { defaultUiConfig } from '../../server/src/runtime/uiConfig.ts';

const texts = textsFor('de');
const box = (...nodes: Node[]) => {
  const d = document.createElement('div');
  d.append(...nodes);
  return d;
};

describe('safeHref', () => {
  it.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['http://example.com', 'http://example.com/'],
    ['javascript:alert(1)', null],
    [' JaVaScRiPt:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['vbscript:msgbox', null],
    ['/relative/path', null],
    ['//evil.example/x', null],
    ['', null],
    [42, null],
  ])('%s → %s', (input, expected) => {
    expect(safeHref(input)).toBe(expected);
  });
});

describe('answers stay inert', () => {
  it('shows markup in an answer as text', () => {
    const el = renderAnswer({ answer: '<img src=x onerror="alert(1)"><script>alert(2)</script> Hallo' }, texts);
    expect(el.querySelector('img')).toBeNull();
    expect(el.querySelector('script')).toBeNull();
    expect(el.textContent).toContain('<img src=x onerror="alert(1)"><script>alert(2)</script> Hallo');
  });

  it('links only http(s) URLs in the text, opening in a new tab without opener', () => {
    const el = box(...linkify('Siehe https://shop.example/versand. Oder javascript:alert(1) und data:text/html,x'));
    const links = [...el.querySelectorAll('a')];
    expect(links).toHaveLength(1);
    expect(links[0].getAttribute('href')).toBe('https://shop.example/versand');
    expect(links[0].textContent).toBe('https://shop.example/versand');
    expect(links[0].getAttribute('rel')).toContain('noopener');
    expect(links[0].getAttribute('target')).toBe('_blank');
    expect(el.textContent).toBe('Siehe https://shop.example/versand. Oder javascript:alert(1) und data:text/html,x');
  });

  it('does not let a URL break out of its attribute', () => {
    const el = box(...linkify('https://x.example/"><script>alert(1)</script>'));
    expect(el.querySelector('script')).toBeNull();
    const a = el.querySelector('a')!;
    expect(a.getAttributeNames().sort()).toEqual(['href', 'rel', 'target']);
  });

  it('renders web page sources as links and others as plain names; hostile sources stay text', () => {
    const el = renderSources(
      [
        { type: 'webpage', id: '1', url: 'https://shop.example/a', title: '<b onmouseover=alert(1)>Versand</b>' },
        { type: 'webpage', id: '2', url: 'javascript:alert(1)', title: 'Böse Seite' },
        { type: 'document', id: '3', name: 'Preisliste.pdf' },
        { type: 'qna', id: '4' },
      ],
      texts,
    )!;
    const links = [...el.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://shop.example/a']);
    expect(links[0].textContent).toBe('<b onmouseover=alert(1)>Versand</b>');
    expect(el.querySelector('b')).toBeNull();
    expect([...el.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['<b onmouseover=alert(1)>Versand</b>', 'Böse Seite', 'Preisliste.pdf']);
    expect(el.textContent).toContain('Quellen');
  });

  it('shows no source list when there is nothing to show', () => {
    expect(renderSources([], texts)).toBeNull();
  });

  it('builds contact links only from valid email and phone values', () => {
    const ok = renderAnswer({ answer: 'Kontakt', contact: { name: 'Anna', email: 'anna@shop.example', phone: '+49 30 123456', department: 'Verkauf' } }, texts);
    expect([...ok.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['mailto:anna@shop.example', 'tel:+4930123456']);
    const bad = renderAnswer({ answer: 'Kontakt', contact: { name: '<i>x</i>', email: 'javascript:alert(1)//@x', phone: 'javascript:1', department: '' } }, texts);
    expect(bad.querySelectorAll('a')).toHaveLength(0);
    expect(bad.querySelector('i')).toBeNull();
  });

  it("shows the visitor's own message as text", () => {
    const el = renderVisitorMessage('<svg onload=alert(1)>');
    expect(el.querySelector('svg')).toBeNull();
    expect(el.textContent).toBe('<svg onload=alert(1)>');
  });

  it('never sets event handler attributes through the DOM helper', () => {
    const el = h('button', { onclick: 'alert(1)', ONMOUSEOVER: 'x', 'aria-label': 'ok' });
    expect(el.getAttributeNames()).toEqual(['aria-label']);
  });
});

describe('hostile markdown and markup stay text', () => {
  /** Elements or attributes through which text could run script. */
  const activeParts = (el: Element) => [
    ...[...el.querySelectorAll('script, img, svg, iframe, object, embed, style, link, meta, base')].map((e) => e.tagName.toLowerCase()),
    ...[...el.querySelectorAll('*')].flatMap((e) => e.getAttributeNames().filter((a) => /^on/i.test(a) || /^\s*(javascript|data|vbscript):/i.test(e.getAttribute(a) ?? ''))),
  ];

  it.each([
    ['markdown link to javascript:', '[Hier klicken](javascript:alert(1))', []],
    ['markdown image with a handler', '![bild](https://x.example/a.png" onerror="alert(1))', ['https://x.example/a.png']],
    ['raw anchor with javascript:', '<a href="javascript:alert(1)">Gutschein</a>', []],
    ['markdown link to a page', '[Versand](https://shop.example/versand)', ['https://shop.example/versand']],
    ['markup inside a URL', 'https://shop.example/?q=<script>alert(1)</script>', ['https://shop.example/?q=']],
    ['autolink of a data URL', '<data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==>', []],
  ])('%s', (_name, answer, hrefs) => {
    const el = renderAnswer({ answer, sources: [{ type: 'webpage', id: '1', url: 'https://shop.example/a', title: answer }] }, texts);
    expect(activeParts(el)).toEqual([]);
    const text = el.querySelector('.text')!;
    expect(text.textContent).toBe(answer);
    expect([...text.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(hrefs);
    expect(el.querySelector('.sources a')!.textContent).toBe(answer.slice(0, 120).trim());
  });

  it('UI texts from the configuration render as text in the lead form and the toggle', () => {
    const hostile = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const config = { ...defaultUiConfig('de'), consentText: hostile, chatbotToggleText: hostile, chatbotToggleStyle: 'iconAndText' as const };
    const { form } = renderLeadForm(config, texts, async () => {}, () => {});
    expect(activeParts(form)).toEqual([]);
    expect(form.querySelector('.consent span')!.textContent).toBe(hostile);
    const button = document.createElement('button');
    renderToggle(button, config, texts);
    expect(activeParts(button)).toEqual(['svg']); // the chat icon, nothing from the text
    expect(button.textContent).toBe(hostile);
    expect(button.getAttribute('aria-label')).toBe(hostile);
  });
});
