import { useEffect, useRef } from 'react';
import { Box, Button, CircularProgress } from '@mui/material';
import { useInfinitePaginationContext, useListContext, useTranslate } from 'react-admin';
import { useOlderChatsFlag } from './olderChatsContext.ts';

/**
 * Loads the next page of older chats when the end of the list scrolls into view, or on click.
 * A failure is reported by the list as "older chats could not be loaded"; then only the button retries,
 * so a broken connection does not loop.
 */
export function LoadOlderChats() {
  const translate = useTranslate();
  const { filterValues, sort } = useListContext();
  const { hasNextPage, fetchNextPage, isFetchingNextPage } = useInfinitePaginationContext();
  const loadingOlder = useOlderChatsFlag();
  const sentinel = useRef<HTMLDivElement>(null);
  const failed = useRef(false);

  // New filters or sort: the list starts again from its first page.
  useEffect(() => {
    loadingOlder.current = false;
    failed.current = false;
  }, [filterValues, sort, loadingOlder]);

  const load = async () => {
    if (isFetchingNextPage) return;
    loadingOlder.current = true;
    const result = await fetchNextPage();
    failed.current = !!result?.isError;
  };

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries[0]?.isIntersecting && !failed.current) void load();
    });
    observer.observe(el);
    return () => observer.disconnect();
  });

  if (!hasNextPage) return null;
  return (
    <Box ref={sentinel} sx={{ display: 'flex', justifyContent: 'center', py: 1.5 }}>
      <Button size="small" onClick={() => void load()} disabled={isFetchingNextPage} startIcon={isFetchingNextPage ? <CircularProgress size={14} aria-hidden /> : undefined} data-testid="load-older">
        {translate('history.loadOlder')}
      </Button>
    </Box>
  );
}
