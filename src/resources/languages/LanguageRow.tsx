import { Box, Chip, IconButton, ListItem, ListItemText, Stack, Tooltip } from '@mui/material';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useLocaleState, useTranslate } from 'react-admin';
import type { LanguageEntry } from '../../../contract/api/account.ts';
import { languageName } from '../../lib/languageNames.ts';

interface Props {
  entry: LanguageEntry;
  websites: number;
  busy: boolean;
  onSetDefault: () => void;
  onDelete: () => void;
}

/** One language of the chatbot: name, alias, default flag, websites, and its actions. */
export function LanguageRow({ entry, websites, busy, onSetDefault, onDelete }: Props) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const name = languageName(entry.lang, locale);
  return (
    <ListItem
      divider
      data-testid={`language-row-${entry.lang}`}
      secondaryAction={
        <Stack direction="row" spacing={0.5}>
          {entry.isDefault ? (
            // A picture with a name (role img): a plain box may not carry an aria-label.
            <Tooltip title={translate('language.isDefault')}>
              <Box role="img" aria-label={translate('language.isDefault')} sx={{ p: 1, display: 'inline-flex', color: 'warning.dark' }} data-testid={`language-default-${entry.lang}`} data-default="true">
                <StarIcon aria-hidden />
              </Box>
            </Tooltip>
          ) : (
            <Tooltip title={translate('language.setDefault')}>
              <span>
                <IconButton
                  aria-label={translate('language.setDefaultFor', { name })}
                  onClick={onSetDefault}
                  disabled={busy}
                  data-testid={`language-default-${entry.lang}`}
                >
                  <StarBorderIcon />
                </IconButton>
              </span>
            </Tooltip>
          )}
          <Tooltip title={translate(entry.isDefault ? 'language.defaultNotDeletable' : 'ra.action.delete')}>
            <span>
              <IconButton aria-label={translate('language.deleteFor', { name })} onClick={onDelete} disabled={busy || entry.isDefault} data-testid={`language-delete-${entry.lang}`}>
                <DeleteIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
      }
      sx={{ pr: 14 }}
    >
      <ListItemText
        primary={
          <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
            <span>{name}</span>
            <Chip size="small" variant="outlined" label={entry.alias} />
            {entry.isDefault && <Chip size="small" color="primary" label={translate('language.default')} />}
          </Stack>
        }
        secondary={
          websites > 0 ? translate('language.websites', { smart_count: websites }) : translate('language.noWebsite')
        }
      />
    </ListItem>
  );
}
