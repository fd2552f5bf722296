import { languagesContract } from '@club/shared/contract/languages';
import { useQuery } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';
import { useSession } from '../../../lib/session';

/** The languages a customer can be registered with; the session usually has them already. */
export function useLanguages() {
  const { languages } = useSession();
  const query = useQuery({
    queryKey: queryKeyOf(languagesContract.languages),
    queryFn: () => fetchData(languagesContract.languages),
    enabled: languages.length === 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return languages.length ? languages : (query.data ?? []);
}
