import { adminCatalogContract as contract, type TAdminProduct } from '@club/shared/contract/admin-catalog';
import type { TAdminProductInput, TAdminProductListQuery } from '@club/shared/schemas/admin-catalog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchData, queryKeyOf, pageQueryOf } from '../../../lib/endpoint';

/** Every request of the console's experiences screens, derived from the shared contract. */

export function useExperienceList(query: TAdminProductListQuery) {
  return useQuery(pageQueryOf(contract.list, { query }));
}

export function useCatalogOptions() {
  return useQuery({
    queryKey: queryKeyOf(contract.options),
    queryFn: () => fetchData(contract.options),
    staleTime: 60_000,
  });
}

const itemKey = (id: number) => queryKeyOf(contract.item, { params: { id } });

export function useExperience(id: number | null) {
  return useQuery({
    queryKey: itemKey(id ?? 0),
    queryFn: () => fetchData(contract.item, { params: { id: id! } }),
    enabled: id !== null,
  });
}

/** After a change: the item takes the server's answer, every list is read again. */
function useSettle() {
  const client = useQueryClient();
  return (product: TAdminProduct) => {
    client.setQueryData(itemKey(product.id), product);
    void client.invalidateQueries({ queryKey: queryKeyOf(contract.list) });
  };
}

export function useCreateExperience() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: TAdminProductInput) => fetchData(contract.create, { body }),
    onSuccess: settle,
  });
}

/** How many members hold the experience in their cart (asked before a price change is saved). */
export const cartsHolding = (id: number) => fetchData(contract.carts, { params: { id } });

export function useSaveExperience(id: number) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: { version: number; product: TAdminProductInput }) =>
      fetchData(contract.update, { params: { id }, body }),
    onSuccess: settle,
  });
}

export type StateAction = 'publish' | 'announce' | 'unpublish' | 'archive';

export function useChangeState(id: number) {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ action, version }: { action: StateAction; version: number }) => {
      const params = { id };
      if (action === 'publish' || action === 'announce')
        return fetchData(contract.publish, {
          params,
          body: { version, mode: action === 'publish' ? 'on_sale' : 'announced' },
        });
      return fetchData(action === 'archive' ? contract.archive : contract.unpublish, {
        params,
        body: { version },
      });
    },
    onSuccess: settle,
  });
}

export function useDuplicateExperience() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (id: number) => fetchData(contract.duplicate, { params: { id } }),
    onSuccess: settle,
  });
}

/** Photo calls answer with the photos; the item's cache takes them. */
export function usePhotoActions(id: number) {
  const client = useQueryClient();
  const setPhotos = (photos: TAdminProduct['photos']) =>
    client.setQueryData<TAdminProduct>(itemKey(id), (old) =>
      old
        ? {
            ...old,
            photos,
            image_url: photos.find((p) => p.is_cover)?.file_url ?? null,
            image_srcset: photos.find((p) => p.is_cover)?.srcset ?? null,
          }
        : old,
    );
  const refresh = () => client.invalidateQueries({ queryKey: itemKey(id) });
  return {
    uploadPath: `/admin/catalog/products/${id}/photos`,
    uploaded: () => void refresh(),
    reorder: async (ids: number[]) =>
      setPhotos(await fetchData(contract.orderPhotos, { params: { id }, body: { ids } })),
    captions: async (photoId: number, body: { caption_pl: string; caption_en: string }) => {
      await fetchData(contract.captionPhoto, { params: { id, photoId }, body });
      await refresh();
    },
    cover: async (photoId: number) =>
      setPhotos(await fetchData(contract.coverPhoto, { params: { id, photoId } })),
    remove: async (photoId: number) =>
      setPhotos(await fetchData(contract.removePhoto, { params: { id, photoId } })),
  };
}
