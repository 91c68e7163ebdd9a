import { useCallback, useEffect, useState } from 'react';
import { Alert, AlertTitle, Button, Snackbar } from '@mui/material';
import {
  CloseNotificationContext,
  undoableEventEmitter,
  useNotificationContext,
  useTakeUndoableMutation,
  useTranslate,
  type NotificationPayload,
} from 'ra-core';

/** The app's notifications: top centre, 420 px wide (spec section 9). */
export const NOTIFICATION_WIDTH = 420;
export const NOTIFICATION_DURATION_MS = 3000;

const sameNotification = (a: NotificationPayload | undefined, b: NotificationPayload | undefined) =>
  !!a &&
  !!b &&
  a.type === b.type &&
  a.message === b.message &&
  JSON.stringify(a.notificationOptions?.messageArgs ?? null) === JSON.stringify(b.notificationOptions?.messageArgs ?? null);

/**
 * react-admin's Notification, reworked: a notification equal to the one on screen (or the one just
 * queued) is dropped, errors get a translated title, and the text is the translated message or the raw
 * text. Undoable mutations are committed or undone exactly as react-admin does.
 */
export function AppNotification() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();
  const [current, setCurrent] = useState<NotificationPayload | undefined>();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!notifications.length) return;
    const next = notifications[0];
    // Duplicates are ignored: the same text while it is still on screen is not queued again.
    if (sameNotification(next, current) && open && !next.notificationOptions?.undoable) {
      takeNotification();
      return;
    }
    if (!current) {
      const taken = takeNotification();
      if (taken) {
        setCurrent(taken);
        setOpen(true);
      }
    }
  }, [notifications, current, open, takeNotification]);

  const close = useCallback(() => setOpen(false), []);

  const handleExited = useCallback(() => {
    if (current?.notificationOptions?.undoable) {
      const mutation = takeMutation();
      if (mutation) mutation({ isUndo: false });
      else undoableEventEmitter.emit('end', { isUndo: false });
    }
    setCurrent(undefined);
  }, [current, takeMutation]);

  const handleUndo = useCallback(() => {
    const mutation = takeMutation();
    if (mutation) mutation({ isUndo: true });
    else undoableEventEmitter.emit('end', { isUndo: true });
    setOpen(false);
  }, [takeMutation]);

  if (!current) return null;
  const { message, type = 'info', notificationOptions = {} } = current;
  const { autoHideDuration, messageArgs, undoable } = notificationOptions;
  const text =
    typeof message === 'string' ? translate(message, { _: message, ...(messageArgs ?? {}) }) : message;
  const severity = type === 'warning' ? 'warning' : type === 'error' ? 'error' : type === 'success' ? 'success' : 'info';

  return (
    <CloseNotificationContext.Provider value={close}>
      <Snackbar
        open={open}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        autoHideDuration={autoHideDuration === undefined ? NOTIFICATION_DURATION_MS : (autoHideDuration ?? undefined)}
        disableWindowBlurListener={undoable}
        onClose={(_, reason) => reason !== 'clickaway' && close()}
        slotProps={{ transition: { onExited: handleExited } }}
        sx={{ width: { xs: 'calc(100% - 16px)', sm: NOTIFICATION_WIDTH } }}
      >
        <Alert
          data-testid="notification"
          severity={severity}
          variant="filled"
          onClose={close}
          sx={{ width: '100%' }}
          action={
            undoable ? (
              <Button color="inherit" size="small" onClick={handleUndo}>
                {translate('ra.action.undo')}
              </Button>
            ) : undefined
          }
        >
          {type === 'error' && <AlertTitle>{translate('errors.title')}</AlertTitle>}
          {text}
        </Alert>
      </Snackbar>
    </CloseNotificationContext.Provider>
  );
}
