import { catalogContract } from '@club/shared/contract/catalog';
import { pathKey } from '@club/shared/contract/define';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData } from '../../../lib/endpoint';

/** Records the member's wish to hear about an experience; the lists and the page refresh their flags. */
export function useAddNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) =>
      fetchData(catalogContract.addNotification, { params: { id: productId } }),
    // Every products/* query: the lists and each experience's page.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathKey('/products') }),
  });
}
