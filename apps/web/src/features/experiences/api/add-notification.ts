import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const addNotification = (productId: number) => api.post(`/products/add-notification/${productId}`);

/** Records the member's wish to hear about an experience; the lists and the page refresh their flags. */
export function useAddNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addNotification,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
    },
  });
}
