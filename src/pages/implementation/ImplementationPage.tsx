import { PlaceholderPage } from '../../layout/PlaceholderPage.tsx';

export default function ImplementationPage() {
  return <PlaceholderPage title="implementation.title" subtitle="implementation.default" />;
}
