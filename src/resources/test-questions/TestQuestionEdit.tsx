import { Edit, useNotify, useRedirect } from 'react-admin';
import { TestQuestionForm } from './TestQuestionForm.tsx';

export function TestQuestionEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      resource="test-questions"
      title="testQuestions.edit"
      mutationMode="pessimistic"
      transform={(d: Record<string, unknown>) => ({ question: d.question, expectedUrl: d.expectedUrl || null, expectedFacts: d.expectedFacts ?? [] })}
      mutationOptions={{ onSuccess: () => { notify('testQuestions.updated', { type: 'success' }); redirect('list', 'test-questions'); } }}
    >
      <TestQuestionForm />
    </Edit>
  );
}
