import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, CircularProgress, type SxProps } from '@mui/material';
import type { UiConfig } from '../../../contract/api/uiConfig.ts';
import { dispatchInFrame, frameDocument } from './widgetFrameDocument.ts';

interface Props {
  chatbotId: string;
  lang?: string | null;
  /** Accessible name of the frame. */
  title: string;
  /** Unsaved configuration to show live (sent as chatbotConfigChange on every change). */
  config?: UiConfig;
  /** Open the chat once the widget is there. */
  open?: boolean;
  /** Image (data: URL) behind the widget, e.g. a screenshot of the customer's site. */
  background?: string | null;
  sx?: SxProps;
  testId?: string;
}

const WIDGET_TIMEOUT_MS = 15_000;

/**
 * The real widget in a same-origin frame: the frame's page loads /widget.js like a customer's site, and
 * the dashboard talks to it only through the widget's window events. A frame keeps the widget's fixed
 * position inside the preview box and is thrown away with the page.
 */
export function WidgetFrame({ chatbotId, lang, title, config, open, background, sx, testId = 'widget-frame' }: Props) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  const srcDoc = useMemo(() => frameDocument({ origin: window.location.origin, chatbotId, lang }), [chatbotId, lang]);
  const latest = useRef({ config, open, background });
  latest.current = { config, open, background };

  // A new document (other chatbot or language): wait for the widget to mount, then show the live state.
  useEffect(() => {
    setReady(false);
    const el = frame.current;
    if (!el) return;
    let stopped = false;
    const started = Date.now();
    const poll = () => {
      if (stopped) return;
      const doc = el.contentDocument;
      if (doc?.querySelector('chatbot-widget')) {
        setReady(true);
        return;
      }
      if (Date.now() - started < WIDGET_TIMEOUT_MS) setTimeout(poll, 100);
    };
    poll();
    return () => {
      stopped = true;
    };
  }, [srcDoc]);

  useEffect(() => {
    const body = frame.current?.contentDocument?.body;
    if (body) body.style.backgroundImage = background ? `url("${background.replace(/"/g, '%22')}")` : '';
  }, [background, ready]);

  useEffect(() => {
    const win = frame.current?.contentWindow;
    if (ready && win && config) dispatchInFrame(win, 'chatbotConfigChange', { chatbotId, config });
  }, [ready, config, chatbotId]);

  useEffect(() => {
    const el = frame.current;
    const win = el?.contentWindow;
    if (!ready || !el || !win) return;
    if (!open) {
      dispatchInFrame(win, 'chatbotClose', { chatbotId });
      return;
    }
    // Opening focuses the widget's text box; keep the customer's place in the dashboard. Only that first
    // focus is undone, when it happens (the chat may still be loading): focus a person gives the frame by
    // clicking or typing into it afterwards stays there.
    const active = document.activeElement as HTMLElement | null;
    const scroll = window.scrollY;
    const restore = () => {
      stop();
      if (active && active !== document.body && active !== el) active.focus({ preventScroll: true });
      else el.blur();
      window.scrollTo({ top: scroll });
    };
    const stop = () => {
      win.removeEventListener('focusin', restore, true);
      win.removeEventListener('pointerdown', stop, true);
    };
    win.addEventListener('focusin', restore, true);
    win.addEventListener('pointerdown', stop, true);
    dispatchInFrame(win, 'chatbotShowChat', { chatbotId });
    return stop;
  }, [ready, open, chatbotId]);

  return (
    <Box sx={{ position: 'relative', overflow: 'hidden', borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: '#eef1f4', ...sx }}>
      <iframe
        ref={frame}
        key={srcDoc}
        title={title}
        srcDoc={srcDoc}
        data-testid={testId}
        data-ready={ready ? 'true' : 'false'}
        style={{ position: 'absolute', inset: 0, border: 0, width: '100%', height: '100%', display: 'block' }}
      />
      {!ready && (
        <CircularProgress size={28} sx={{ position: 'absolute', top: '50%', left: '50%', mt: '-14px', ml: '-14px' }} aria-hidden />
      )}
    </Box>
  );
}
