import { PlaceholderPage } from '../../layout/PlaceholderPage.tsx';

export default function ProfilePage() {
  return <PlaceholderPage title="profile.title" />;
}
