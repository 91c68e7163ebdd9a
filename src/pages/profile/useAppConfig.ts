import { useQuery } from '@tanstack/react-query';
import { loadAppConfig } from '../../providers/appConfig.ts';

/** The server's public configuration (public URL, meeting link), loaded once per page. */
export function useAppConfig() {
  return useQuery({ queryKey: ['app-config'], queryFn: () => loadAppConfig(), staleTime: Infinity });
}
