import { PlaceholderPage } from '../../layout/PlaceholderPage.tsx';

export default function LanguagePage() {
  return <PlaceholderPage title="language.title" />;
}
