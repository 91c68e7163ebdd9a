/** The toggle button: icon, or icon with the configured text. */
import { h, ICONS, svgIcon } from '../shared/dom.ts';
import type { UiConfig } from '../shared/config.ts';
import type { WidgetTexts } from '../shared/texts.ts';

export function renderToggle(button: HTMLButtonElement, config: UiConfig, texts: WidgetTexts) {
  const withText = config.chatbotToggleStyle === 'iconAndText' && config.chatbotToggleText.trim() !== '';
  button.className = `toggle ${withText ? 'text' : 'icon'}`;
  button.setAttribute('aria-label', withText ? config.chatbotToggleText : `${texts.open}: ${config.title}`);
  button.replaceChildren(svgIcon(ICONS.chat), ...(withText ? [h('span', {}, config.chatbotToggleText)] : []));
}
