import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import type { ApiMessage } from './types.ts';

/**
 * Edits the answer to a visitor's question and saves it as an active question-answer pair
 * "from chat history": the chatbot answers the question with it from now on.
 */
export function OptimizeAnswerDialog({ message, open, onClose, onSaved }: {
  message: ApiMessage;
  open: boolean;
  onClose: () => void;
  onSaved: (m: ApiMessage) => void;
}) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const [question, setQuestion] = useState(message.question);
  const [answer, setAnswer] = useState(message.optimizedAnswer ?? message.answer ?? '');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const missing = (v: string) => touched && !v.trim();

  const save = async () => {
    setTouched(true);
    if (!question.trim() || !answer.trim()) return;
    setSaving(true);
    try {
      const r = await dataProvider.optimizeAnswer(message.chatId, message.id, answer.trim(), question.trim() === message.question ? undefined : question.trim());
      notify('history.optimize.saved', { type: 'success' });
      onSaved(r.message);
      onClose();
    } catch (e: any) {
      notify(e?.message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="optimize-title">
      <DialogTitle id="optimize-title">{translate('history.optimize.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('history.optimize.help')}
        </Typography>
        <TextField
          label={translate('history.optimize.question')}
          name="question"
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          fullWidth
          multiline
          required
          error={missing(question)}
          helperText={missing(question) ? translate('ra.validation.required') : ' '}
          inputProps={{ maxLength: 2000 }}
        />
        <TextField
          label={translate('history.optimize.answer')}
          name="answer"
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
          fullWidth
          multiline
          minRows={4}
          required
          error={missing(answer)}
          helperText={missing(answer) ? translate('ra.validation.required') : ' '}
          inputProps={{ maxLength: 20000 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving}>
          {translate('history.optimize.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
