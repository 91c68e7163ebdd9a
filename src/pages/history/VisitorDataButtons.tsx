import { useState } from 'react';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import PersonRemoveIcon from '@mui/icons-material/PersonRemoveOutlined';
import ManageAccountsIcon from '@mui/icons-material/ManageAccountsOutlined';
import { useRefresh, useTranslate } from 'react-admin';
import { ConfirmVisitorDeletion } from '../privacy/ConfirmVisitorDeletion.tsx';
import { useVisitorData } from '../privacy/useVisitorData.ts';

/**
 * In the open chat, one menu "Visitor data": export or delete everything stored about the chat's visitor
 * (all their chats). One button, so the chat's header keeps room for its title on a phone.
 */
export function VisitorDataButtons({ chat, onDeleted }: { chat: { id: string; chatbotId: string }; onDeleted: () => void }) {
  const translate = useTranslate();
  // The list, its counts and the statistics all change: everything is fetched again.
  const refresh = useRefresh();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const visitor = useVisitorData();
  const selector = { chatbotId: chat.chatbotId, chatId: chat.id };

  const exportData = () => {
    setAnchor(null);
    void visitor.exportData(selector);
  };
  const askDelete = () => {
    setAnchor(null);
    setConfirming(true);
  };
  const remove = async () => {
    setConfirming(false);
    if (await visitor.deleteData(selector)) {
      onDeleted();
      refresh();
    }
  };

  return (
    <>
      <Tooltip title={translate('privacy.visitor.title')}>
        <span>
          <IconButton
            onClick={(e) => setAnchor(e.currentTarget)}
            disabled={visitor.pending}
            aria-label={translate('privacy.visitor.title')}
            aria-haspopup="menu"
            aria-expanded={anchor ? 'true' : 'false'}
            aria-controls={anchor ? 'visitor-data-menu' : undefined}
          >
            <ManageAccountsIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Menu id="visitor-data-menu" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={exportData}>
          <ListItemIcon>
            <DownloadIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('privacy.visitor.export')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={askDelete} sx={{ color: 'error.main' }}>
          <ListItemIcon>
            <PersonRemoveIcon fontSize="small" color="error" />
          </ListItemIcon>
          <ListItemText>{translate('privacy.visitor.delete')}</ListItemText>
        </MenuItem>
      </Menu>
      <ConfirmVisitorDeletion open={confirming} onConfirm={() => void remove()} onClose={() => setConfirming(false)} />
    </>
  );
}
