import { Box, Button, Collapse } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

/** A list of page addresses behind a show/hide button (the first 200; a crawl report can name thousands). */
export function UrlListToggle({ urls, showLabel, hideLabel }: { urls: string[]; showLabel: string; hideLabel: string }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <Box>
      <Button size="small" color="inherit" onClick={() => setOpen(!open)} sx={{ px: 0 }}>
        {translate(open ? hideLabel : showLabel)}
      </Button>
      <Collapse in={open}>
        <Box component="ul" sx={{ m: 0, pl: 2.5, maxHeight: 200, overflow: 'auto', overflowWrap: 'anywhere' }}>
          {urls.slice(0, 200).map((u) => (
            <li key={u}>{u}</li>
          ))}
        </Box>
      </Collapse>
    </Box>
  );
}
