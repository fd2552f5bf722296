import type { TLanguage } from '@club/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** The languages a customer can be registered with; the session usually has them already. */
export function useLanguages() {
  const { languages } = useSession();
  const query = useQuery({
    queryKey: ['settings', 'languages'],
    queryFn: () => api.get<TLanguage[]>('/settings/languages/items'),
    enabled: languages.length === 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return languages.length ? languages : (query.data ?? []);
}
