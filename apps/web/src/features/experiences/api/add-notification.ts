import { catalogContract } from '@club/shared/contract/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData, queryPrefixOf } from '../../../lib/endpoint';

/** Records the member's wish to hear about an experience; the lists and the page refresh their flags. */
export function useAddNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) =>
      fetchData(catalogContract.addNotification, { params: { id: productId } }),
    // The lists and each experience's page.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryPrefixOf(catalogContract.list, catalogContract.item) }),
  });
}
