import { Button } from '@mui/material';
import MailIcon from '@mui/icons-material/MailOutline';
import EventIcon from '@mui/icons-material/EventOutlined';
import { useTranslate } from 'react-admin';
import { useAppConfig } from './useAppConfig.ts';

/**
 * The way to another plan when it cannot be changed online: an e-mail to SALES_EMAIL, else the booking
 * page (MEETING_URL). Nothing when the server names neither.
 */
export function ContactSalesButton({ size = 'small' }: { size?: 'small' | 'medium' }) {
  const translate = useTranslate();
  const config = useAppConfig().data;
  if (config?.salesEmail) {
    const subject = encodeURIComponent(translate('profile.contactSalesSubject'));
    return (
      <Button href={`mailto:${config.salesEmail}?subject=${subject}`} color="inherit" size={size} startIcon={<MailIcon />} data-testid="profile-contact-sales" sx={{ whiteSpace: 'nowrap' }}>
        {translate('profile.contactSales')}
      </Button>
    );
  }
  if (config?.meetingUrl)
    return (
      <Button href={config.meetingUrl} target="_blank" rel="noopener noreferrer" color="inherit" size={size} startIcon={<EventIcon />} data-testid="profile-contact-sales" sx={{ whiteSpace: 'nowrap' }}>
        {translate('profile.bookMeeting')}
      </Button>
    );
  return null;
}
