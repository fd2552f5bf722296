import type { TGallery, TGalleryDates } from '@club/shared';
import { FIRST_PAGE } from '@club/shared/constants';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type GalleryFilter = { year?: number; month?: number };

export const getGalleries = (filter: GalleryFilter, page: number) =>
  api.getEnvelope<TGallery[]>('/galleries/items', {
    page,
    where: { year: filter.year, month: filter.month },
  });

export function useGalleries(filter: GalleryFilter) {
  return useInfiniteQuery({
    queryKey: ['galleries', filter],
    queryFn: ({ pageParam }) => getGalleries(filter, pageParam),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) =>
      last.meta && last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
  });
}

export const getGalleryDates = () => api.get<TGalleryDates>('/galleries/dates');

export function useGalleryDates() {
  return useQuery({ queryKey: ['galleries', 'dates'], queryFn: getGalleryDates, staleTime: 5 * 60_000 });
}

export const getGallery = (id: number) => api.get<TGallery>(`/galleries/item/${id}`);

export function useGallery(id: number | null) {
  return useQuery({
    queryKey: ['gallery', id],
    queryFn: () => getGallery(id as number),
    enabled: id !== null,
    retry: false,
  });
}
