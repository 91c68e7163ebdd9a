import { PlaceholderPage } from '../../layout/PlaceholderPage.tsx';

export default function PreviewPage() {
  return <PlaceholderPage title="preview.title" />;
}
