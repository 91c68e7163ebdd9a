import { Badge, Tab, Tabs } from '@mui/material';
import { Link, useLocation } from 'react-router';
import { useTranslate } from 'react-admin';
import { errorsUnder, type FieldErrors } from './uiConfigModel.ts';

export type UiConfigTab = 'textAndMessages' | 'stylingAndColors' | 'contacts';

export const TAB_PATHS: Record<UiConfigTab, string> = {
  textAndMessages: 'text-and-messages',
  stylingAndColors: 'styling-and-colors',
  contacts: 'contacts',
};

/** Which fields each tab holds: a tab with a wrong field gets a mark, so the error is found after saving. */
const TAB_FIELDS: Record<UiConfigTab, string[]> = {
  textAndMessages: ['title', 'introHeading', 'subHeading', 'startMessage', 'placeholderText', 'chatbotToggleText', 'recommendedMessages'],
  stylingAndColors: ['theme', 'rounding', 'chatbotToggleStyle', 'position', 'colors', 'showPoweredBy'],
  contacts: ['collectContacts', 'consentText', 'leadForm', 'leadFormTriggerCount'],
};

export function UiConfigTabs({ tab, errors }: { tab: UiConfigTab; errors: FieldErrors }) {
  const translate = useTranslate();
  const { search } = useLocation(); // admin links keep their query
  return (
    <Tabs value={tab} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
      {(Object.keys(TAB_PATHS) as UiConfigTab[]).map((t) => (
        <Tab
          key={t}
          value={t}
          component={Link}
          to={`/uiconfig/${TAB_PATHS[t]}${search}`}
          data-testid={`uiconfig-tab-${t}`}
          label={
            <Badge color="error" variant="dot" invisible={!errorsUnder(errors, TAB_FIELDS[t])}>
              {translate(`uiconfig.${t}`)}
            </Badge>
          }
        />
      ))}
    </Tabs>
  );
}
