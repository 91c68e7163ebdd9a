import { Button, Chip, Tooltip } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link } from 'react-router';

interface Props {
  label: string;
  backText: string;
  backLabel: string;
}

/**
 * The admin-mode badge's chip and the way back to the customer list (opening the list ends admin mode):
 * their own module, so they load only for admins (AdminModeBadge).
 */
export default function AdminModeChip({ label, backText, backLabel }: Props) {
  return (
    <>
      <Tooltip title={backLabel}>
        <Button
          component={Link}
          to="/customers"
          color="inherit"
          size="small"
          startIcon={<ArrowBackIcon />}
          aria-label={backLabel}
          data-testid="admin-mode-back"
          sx={{ ml: 1, whiteSpace: 'nowrap', '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } }, '& .admin-back-text': { display: { xs: 'none', sm: 'inline' } } }}
        >
          <span className="admin-back-text">{backText}</span>
        </Button>
      </Tooltip>
      <Chip
        data-testid="admin-mode"
        size="small"
        label={label}
        sx={{ mx: 1, maxWidth: { xs: 120, sm: 360 }, bgcolor: 'warning.light', color: 'rgba(0, 0, 0, 0.87)' }}
      />
    </>
  );
}
