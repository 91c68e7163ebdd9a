import { Create, useNotify, useRedirect } from 'react-admin';
import { useTrainingScope } from '../../pages/training/useTrainingScope.ts';
import { TestQuestionForm } from './TestQuestionForm.tsx';

export function TestQuestionCreate() {
  const { filter } = useTrainingScope();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      resource="test-questions"
      title="testQuestions.add"
      record={{ ...filter, expectedFacts: [] }}
      transform={(d: Record<string, unknown>) => ({ ...filter, question: d.question, expectedUrl: d.expectedUrl || null, expectedFacts: d.expectedFacts ?? [] })}
      mutationOptions={{ onSuccess: () => { notify('testQuestions.created', { type: 'success' }); redirect('list', 'test-questions'); } }}
    >
      <TestQuestionForm />
    </Create>
  );
}
