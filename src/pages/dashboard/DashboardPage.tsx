import { PlaceholderPage } from '../../layout/PlaceholderPage.tsx';

export default function DashboardPage() {
  return <PlaceholderPage title="dashboard.title" />;
}
