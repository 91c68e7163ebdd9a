import { Chip } from '@mui/material';

/** The admin-mode badge's chip: its own module, so the Chip loads only for admins (AdminModeBadge). */
export default function AdminModeChip({ label }: { label: string }) {
  return <Chip data-testid="admin-mode" size="small" color="warning" label={label} sx={{ mx: 1, maxWidth: { xs: 120, sm: 360 } }} />;
}
