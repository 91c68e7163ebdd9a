import { useState } from 'react';
import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, MenuItem, Paper, Stack, TextField, Typography,
  useMediaQuery, type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider.ts';
import { errorMessage } from '../../providers/http.ts';
import type { GapPassage, GapSuggestions, KnowledgeGap } from './types.ts';

const NEW = 'new';

/**
 * "Answer it": a question-answer pair pre-filled with the group's question; the answer is written by hand or
 * taken from the passages the chatbot found; an existing similar pair can be edited instead of adding one.
 */
export function KnowledgeGapAnswerDialog({ gap, onClose, onSaved }: { gap: KnowledgeGap; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const path = `knowledge-gaps/${encodeURIComponent(gap.id)}`;
  const suggestions = useQuery({
    queryKey: ['knowledge-gaps', 'suggestions', gap.id],
    queryFn: () => dataProvider.request<GapSuggestions>('GET', `${path}/suggestions`),
  });
  const [question, setQuestion] = useState(gap.question);
  const [answer, setAnswer] = useState('');
  const [target, setTarget] = useState(NEW);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const missing = (v: string) => touched && !v.trim();

  const pickPair = (id: string) => {
    setTarget(id);
    const pair = suggestions.data?.pairs.find((p) => p.id === id);
    if (pair) {
      setQuestion(pair.question);
      setAnswer(pair.answer);
    } else setQuestion(gap.question);
  };
  const takePassage = (p: GapPassage) => setAnswer((a) => (a.trim() ? `${a.trim()}\n${p.text}` : p.text));

  const save = async () => {
    setTouched(true);
    if (!question.trim() || !answer.trim()) return;
    setSaving(true);
    try {
      await dataProvider.request('POST', `${path}/answer`, { question: question.trim(), answer: answer.trim(), ...(target === NEW ? {} : { qnaId: target }) });
      notify('knowledgeGaps.answer.saved', { type: 'success' });
      onSaved();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const sourceName = (p: GapPassage) => p.source.title || p.source.name || p.source.url || '';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="gap-answer-title">
      <DialogTitle id="gap-answer-title">{translate('knowledgeGaps.answer.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('knowledgeGaps.answer.help')}
        </Typography>
        {suggestions.isPending && (
          <Box sx={{ mb: 2 }} role="status">
            <LinearProgress aria-label={translate('knowledgeGaps.answer.loading')} />
          </Box>
        )}
        {!!suggestions.data?.pairs.length && (
          <TextField
            select
            label={translate('knowledgeGaps.answer.target')}
            value={target}
            onChange={(e) => pickPair(e.target.value)}
            fullWidth
            sx={{ mb: 2 }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'gap-answer-target' } as object } }}
          >
            <MenuItem value={NEW}>{translate('knowledgeGaps.answer.newPair')}</MenuItem>
            {suggestions.data.pairs.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {translate('knowledgeGaps.answer.editPair', { question: p.question })}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          label={translate('knowledgeGaps.answer.question')}
          name="question"
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          fullWidth
          multiline
          required
          error={missing(question)}
          helperText={missing(question) ? translate('ra.validation.required') : ' '}
          slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'gap-answer-question' } }}
        />
        <TextField
          label={translate('knowledgeGaps.answer.answer')}
          name="answer"
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
          fullWidth
          multiline
          minRows={4}
          required
          autoFocus
          error={missing(answer)}
          helperText={missing(answer) ? translate('ra.validation.required') : ' '}
          slotProps={{ htmlInput: { maxLength: 20000, 'data-testid': 'gap-answer-text' } }}
        />
        {suggestions.isError && <Alert severity="error">{errorMessage(suggestions.error)}</Alert>}
        {suggestions.data && (
          <Box component="section" aria-labelledby="gap-passages-title" sx={{ mt: 1 }}>
            <Typography id="gap-passages-title" variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {translate('knowledgeGaps.answer.passages')}
            </Typography>
            {!suggestions.data.passages.length && <Alert severity="info">{translate('knowledgeGaps.answer.noPassages')}</Alert>}
            <Stack spacing={1} data-testid="gap-passages">
              {suggestions.data.passages.map((p) => (
                <Paper key={p.id} variant="outlined" sx={{ p: 1.5 }} data-testid="gap-passage">
                  {p.heading && <Typography variant="body2" fontWeight={600}>{p.heading}</Typography>}
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{p.text}</Typography>
                  <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between" sx={{ mt: 0.5 }} useFlexGap flexWrap="wrap">
                    <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {translate('knowledgeGaps.answer.source', { source: sourceName(p) })}
                    </Typography>
                    <Button size="small" onClick={() => takePassage(p)} data-testid="gap-use-passage">
                      {translate('knowledgeGaps.answer.takePassage')}
                    </Button>
                  </Stack>
                </Paper>
              ))}
            </Stack>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving} data-testid="gap-answer-save">
          {translate('knowledgeGaps.answer.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
