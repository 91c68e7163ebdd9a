import { PlaceholderPage } from '../../layout/PlaceholderPage.tsx';

export default function HistoryPage() {
  return <PlaceholderPage title="history.title" />;
}
