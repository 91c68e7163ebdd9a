/**
 * The chatbot's UI configuration as the widget uses it, and how it becomes CSS custom
 * properties. Colors are checked again here: the dashboard's live preview sends unsaved values.
 */
import type { UiConfig } from '../../../contract/api/uiConfig.ts';
import { TEXT_LIMITS } from '../../../contract/uiConfig.ts';
import { isCssColor } from '../../../contract/cssColor.ts';

export type { UiConfig };
export type WidgetConfig = UiConfig;

export interface PublicConfig {
  chatbotId: string;
  lang: string;
  languages: string[];
  defaultLang: string;
  training: boolean;
  /** The server's WIDGET_MAX_MESSAGE_CHARS; optional so a chat mounted without it takes the contract's default. */
  maxMessageChars?: number;
  /** Answers come as server-sent events (the chatbot has a language model). */
  streaming?: boolean;
  config: UiConfig;
}

const ENUMS: Partial<Record<keyof UiConfig, readonly string[]>> = {
  theme: ['light', 'dark'],
  rounding: ['round', 'rounded', 'none'],
  chatbotToggleStyle: ['icon', 'iconAndText'],
  position: ['top', 'middle', 'bottom'],
};

const LIGHT_DEFAULTS = { background: '#ffffff', text: '#1a1a1a', messages: '#e8f0f8' };

/** A config change (from the dashboard's preview) applied over the current config; bad values are ignored. */
export function mergeConfig(base: UiConfig, change: unknown): UiConfig {
  if (!change || typeof change !== 'object') return base;
  const c = change as Record<string, unknown>;
  const next: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(c)) {
    if (!(key in base)) continue;
    const current = (base as unknown as Record<string, unknown>)[key];
    if (key === 'colors' && value && typeof value === 'object') {
      const colors = { ...base.colors } as Record<string, string>;
      for (const [k, v] of Object.entries(value)) if (k in colors && typeof v === 'string' && isCssColor(v)) colors[k] = v.trim();
      next.colors = colors;
    } else if (key === 'leadForm' && value && typeof value === 'object') {
      const form = { ...base.leadForm } as Record<string, { enabled: boolean; required: boolean; description: string }>;
      for (const [k, v] of Object.entries(value as Record<string, Record<string, unknown>>))
        if (k in form && v && typeof v === 'object')
          form[k] = {
            enabled: typeof v.enabled === 'boolean' ? v.enabled : form[k].enabled,
            required: typeof v.required === 'boolean' ? v.required : form[k].required,
            description: typeof v.description === 'string' ? v.description.slice(0, TEXT_LIMITS.leadDescription) : form[k].description,
          };
      next.leadForm = form;
    } else if (key === 'recommendedMessages' && Array.isArray(value)) {
      next.recommendedMessages = value.filter((m) => typeof m === 'string' && m.trim()).slice(0, 6).map((m: string) => m.slice(0, 120));
    } else if (ENUMS[key as keyof UiConfig]) {
      if (ENUMS[key as keyof UiConfig]!.includes(value as string)) next[key] = value;
    } else if (typeof value === typeof current) {
      next[key] = typeof value === 'string' ? value.slice(0, 1000) : value;
    }
  }
  return next as unknown as UiConfig;
}

const RADIUS = { round: ['22px', '50%'], rounded: ['12px', '16px'], none: ['0', '0'] } as const;

/** CSS custom properties for the shadow root's host; the dark theme swaps light default surfaces. */
export function cssVariables(c: UiConfig): Record<string, string> {
  const dark = c.theme === 'dark';
  const pick = (key: keyof typeof LIGHT_DEFAULTS, darkValue: string) =>
    dark && c.colors[key].toLowerCase() === LIGHT_DEFAULTS[key] ? darkValue : c.colors[key];
  const [radius, toggleRadius] = RADIUS[c.rounding] ?? RADIUS.rounded;
  return {
    '--cb-header': c.colors.header,
    '--cb-messages': pick('messages', '#2b3440'),
    '--cb-send': c.colors.sendButton,
    '--cb-button': c.colors.chatbotButton,
    '--cb-bg': pick('background', '#1d2127'),
    '--cb-text': pick('text', '#eef0f3'),
    '--cb-muted': dark ? '#3a414b' : '#eef0f3',
    '--cb-border': dark ? '#3a414b' : '#d6dbe1',
    '--cb-radius': radius,
    '--cb-toggle-radius': c.chatbotToggleStyle === 'iconAndText' && c.rounding !== 'none' ? '999px' : toggleRadius,
  };
}

export function applyCssVariables(host: HTMLElement, c: UiConfig) {
  for (const [k, v] of Object.entries(cssVariables(c))) host.style.setProperty(k, v);
}
