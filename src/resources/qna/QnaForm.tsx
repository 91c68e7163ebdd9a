import type { ReactNode } from 'react';
import { DialogActions, DialogContent } from '@mui/material';
import { BooleanInput, Form, maxLength, required, SaveButton, TextInput } from 'react-admin';

/** Question and answer are required (spec section 5); an active pair is used by the chatbot's answers. */
export function QnaForm({ actions }: { actions: ReactNode }) {
  return (
    <Form mode="onBlur" reValidateMode="onChange">
      <DialogContent sx={{ pt: 1 }}>
        <TextInput source="question" label="training.qna.fields.question" validate={[required(), maxLength(2000)]} multiline minRows={2} autoFocus />
        <TextInput source="answer" label="training.qna.fields.answer" validate={[required(), maxLength(20000)]} multiline minRows={4} />
        <BooleanInput source="active" label="training.qna.fields.active" helperText="training.qna.help.active" />
      </DialogContent>
      <DialogActions>
        {actions}
        <SaveButton data-testid="qna-save" alwaysEnable />
      </DialogActions>
    </Form>
  );
}
