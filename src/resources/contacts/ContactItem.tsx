import { Box, Chip, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/EditOutlined';
import MailIcon from '@mui/icons-material/MailOutline';
import PhoneIcon from '@mui/icons-material/PhoneOutlined';
import { DeleteWithConfirmButton, RecordContextProvider, useTranslate } from 'react-admin';
import type { Contact } from './types.ts';

/** One contact as a card (phones): who, how to reach them, their department, and whether they are the default or replace someone. */
export function ContactItem({ contact, replaces, onEdit }: { contact: Contact; replaces?: Contact; onEdit: () => void }) {
  const translate = useTranslate();
  return (
    <RecordContextProvider value={contact}>
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 1, alignItems: 'flex-start', minWidth: 0 }} data-testid="contact-item" data-contact-name={contact.name}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
            <Typography fontWeight={600} sx={{ overflowWrap: 'anywhere' }}>
              {contact.name}
            </Typography>
            <Chip size="small" label={contact.department} />
            {contact.isDefault && <Chip size="small" color="primary" label={translate('training.contacts.default')} data-testid="contact-default" />}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 2 }} sx={{ mt: 1, color: 'text.secondary' }}>
            <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, overflowWrap: 'anywhere' }}>
              <MailIcon fontSize="inherit" /> {contact.email}
            </Typography>
            <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <PhoneIcon fontSize="inherit" /> {contact.phone}
            </Typography>
          </Stack>
          {replaces && (
            <Typography variant="body2" sx={{ mt: 0.5 }} color="text.secondary">
              {translate('training.contacts.replaces', { name: replaces.name, department: contact.department })}
            </Typography>
          )}
        </Box>
        <Tooltip title={translate('ra.action.edit')}>
          <IconButton onClick={onEdit} aria-label={translate('ra.action.edit')} data-testid="contact-edit">
            <EditIcon />
          </IconButton>
        </Tooltip>
        <DeleteWithConfirmButton resource="contacts" label="" aria-label={translate('ra.action.delete')} mutationMode="pessimistic" redirect={false} data-testid="contact-delete" sx={{ minWidth: 40 }} />
      </Paper>
    </RecordContextProvider>
  );
}
