import { PlaceholderPage } from '../../layout/PlaceholderPage.tsx';

export type TrainingTab = 'website' | 'contacts' | 'documents' | 'questionAnswer';

export default function TrainingPage({ tab }: { tab: TrainingTab }) {
  return <PlaceholderPage title="training.title" subtitle={`training.${tab}`} />;
}
