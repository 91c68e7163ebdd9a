import { PlaceholderPage } from '../../layout/PlaceholderPage.tsx';

export type UiConfigTab = 'textAndMessages' | 'stylingAndColors' | 'contacts';

export default function UiConfigPage({ tab }: { tab: UiConfigTab }) {
  return <PlaceholderPage title="uiconfig.title" subtitle={`uiconfig.${tab}`} />;
}
