import { useMemo, useState } from 'react';
import { Alert, Box, Checkbox, Collapse, IconButton, LinearProgress, List, ListItem, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import { useGetList, useTranslate } from 'react-admin';
import { buildSiteTree, pageIdsOf, type SiteTreeNode } from './siteTree.ts';
import { WebpageFavoriteButton } from './WebpageFavoriteButton.tsx';
import { WebpageTrainingState } from './WebpageTrainingState.tsx';
import type { Webpage } from './types.ts';

// The server hands out at most 500 records per request.
export const TREE_MAX_PAGES = 500;

interface Props {
  filter: Record<string, unknown>;
  editing: boolean;
  selectedIds: string[];
  onSelect: (ids: string[], on: boolean) => void;
  polling: number | false;
}

/** The website's pages as a site tree (folders by path); in edit mode a folder's box selects its pages. */
export function WebpageTree({ filter, editing, selectedIds, onSelect, polling }: Props) {
  const translate = useTranslate();
  const { data = [], total, isPending } = useGetList<Webpage>(
    'webpages',
    { filter, pagination: { page: 1, perPage: TREE_MAX_PAGES }, sort: { field: 'url', order: 'ASC' } },
    { refetchInterval: polling },
  );
  const roots = useMemo(() => buildSiteTree(data), [data]);
  if (isPending) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  return (
    <Box data-testid="page-tree">
      {(total ?? 0) > TREE_MAX_PAGES && <Alert severity="info">{translate('training.website.treeTruncated', { max: TREE_MAX_PAGES })}</Alert>}
      <List dense disablePadding>
        {roots.map((n) => (
          <TreeNode key={n.url} node={n} depth={0} editing={editing} selectedIds={selectedIds} onSelect={onSelect} />
        ))}
      </List>
    </Box>
  );
}

function TreeNode({ node, depth, editing, selectedIds, onSelect }: { node: SiteTreeNode<Webpage>; depth: number } & Pick<Props, 'editing' | 'selectedIds' | 'onSelect'>) {
  const [open, setOpen] = useState(depth < 2);
  const ids = pageIdsOf(node);
  const ticked = ids.filter((id) => selectedIds.includes(id)).length;
  return (
    <>
      <ListItem data-testid="tree-node" data-url={node.url} sx={{ pl: 1 + depth * 2, gap: 0.5, py: 0.25 }} divider>
        <IconButton size="small" onClick={() => setOpen(!open)} sx={{ visibility: node.children.length ? 'visible' : 'hidden' }} aria-expanded={open} aria-label={node.label}>
          {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
        </IconButton>
        {editing && ids.length > 0 && (
          <Checkbox
            size="small"
            checked={ticked === ids.length}
            indeterminate={ticked > 0 && ticked < ids.length}
            onChange={(e) => onSelect(ids, e.target.checked)}
            inputProps={{ 'aria-label': node.label }}
          />
        )}
        {node.page ? <WebpageFavoriteButton page={node.page} /> : <FolderIcon fontSize="small" color="action" sx={{ mx: 0.75 }} />}
        <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} noWrap title={node.url}>
          {node.label}
          {node.page?.title ? <Typography component="span" variant="caption" color="text.secondary">{`  ${node.page.title}`}</Typography> : null}
        </Typography>
        {node.page && (
          <Box sx={{ flexShrink: 0, display: { xs: node.page.beingTrained ? 'block' : 'none', sm: 'block' } }}>
            <WebpageTrainingState page={node.page} />
          </Box>
        )}
      </ListItem>
      {node.children.length > 0 && (
        <Collapse in={open} unmountOnExit>
          <List dense disablePadding>
            {node.children.map((c) => (
              <TreeNode key={c.url} node={c} depth={depth + 1} editing={editing} selectedIds={selectedIds} onSelect={onSelect} />
            ))}
          </List>
        </Collapse>
      )}
    </>
  );
}
