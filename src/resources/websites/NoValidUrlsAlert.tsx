import { Alert, AlertTitle, Box } from '@mui/material';
import { useTranslate } from 'react-admin';

const CAUSES: Record<string, string> = {
  urlNotHtml: 'errors.website.causeNotHtml',
  wrongAddress: 'errors.website.causeWrongAddress',
  noSubpages: 'errors.website.causeNoSubpages',
  wwwPrefixNeeded: 'errors.website.causeWwwNeeded',
};

/** "No valid URLs found" with its causes; without known causes all possible ones are listed. */
export function NoValidUrlsAlert({ causes, onClose }: { causes: string[]; onClose?: () => void }) {
  const translate = useTranslate();
  const shown = causes.filter((c) => CAUSES[c]);
  return (
    <Alert severity="error" onClose={onClose} data-testid="no-valid-urls">
      <AlertTitle>{translate('errors.website.noValidUrls')}</AlertTitle>
      {translate(shown.length ? 'training.website.causesFound' : 'training.website.causesPossible')}
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {(shown.length ? shown : Object.keys(CAUSES)).map((c) => (
          <li key={c} data-testid={`cause-${c}`}>{translate(CAUSES[c])}</li>
        ))}
      </Box>
    </Alert>
  );
}
