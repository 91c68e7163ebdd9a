import ToggleOnIcon from '@mui/icons-material/ToggleOnOutlined';
import ToggleOffIcon from '@mui/icons-material/ToggleOffOutlined';
import { BulkUpdateButton } from 'react-admin';

/** Activates or deactivates the selected pairs (undoable, like the bulk delete). */
export function QnaBulkActiveButtons() {
  return (
    <>
      <BulkUpdateButton data={{ active: true }} label="training.qna.bulkActivate" icon={<ToggleOnIcon />} data-testid="qna-bulk-activate" />
      <BulkUpdateButton data={{ active: false }} label="training.qna.bulkDeactivate" icon={<ToggleOffIcon />} data-testid="qna-bulk-deactivate" />
    </>
  );
}
