import { ArrayInput, maxLength, regex, required, SimpleForm, SimpleFormIterator, TextInput } from 'react-admin';
import { TEST_QUESTION_LIMITS } from '../../../contract/testQuestions.ts';

const URL_RULE = regex(/^https?:\/\/\S+$/i, 'ra.validation.url');

/** Question (required), the page the answer should cite, the facts it must state. */
export function TestQuestionForm() {
  return (
    <SimpleForm sx={{ maxWidth: 720 }}>
      <TextInput source="question" label="testQuestions.fields.question" validate={[required(), maxLength(TEST_QUESTION_LIMITS.question)]} multiline minRows={2} />
      <TextInput
        source="expectedUrl"
        label="testQuestions.fields.expectedUrl"
        helperText="testQuestions.help.expectedUrl"
        validate={[URL_RULE, maxLength(TEST_QUESTION_LIMITS.url)]}
        parse={(v: string) => (v ? v : null)}
        type="url"
      />
      <ArrayInput source="expectedFacts" label="testQuestions.fields.expectedFacts" helperText="testQuestions.help.expectedFacts">
        <SimpleFormIterator inline disableReordering>
          <TextInput source="" label="testQuestions.fields.fact" validate={[required(), maxLength(TEST_QUESTION_LIMITS.fact)]} />
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  );
}
