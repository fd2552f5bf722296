import { FIRST_PAGE } from '@club/shared/constants';
import { galleryContract } from '@club/shared/contract/gallery';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { fetchData, fetchEnvelope, queryKeyOf } from '../../../lib/endpoint';

export type GalleryFilter = { year?: number; month?: number };

const whereOf = (filter: GalleryFilter) => ({ where: { year: filter.year, month: filter.month } });

export function useGalleries(filter: GalleryFilter) {
  return useInfiniteQuery({
    queryKey: queryKeyOf(galleryContract.list, { query: whereOf(filter) }),
    queryFn: ({ pageParam }) =>
      fetchEnvelope(galleryContract.list, { query: { page: pageParam, ...whereOf(filter) } }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
  });
}

export function useGalleryDates() {
  return useQuery({
    queryKey: queryKeyOf(galleryContract.dates),
    queryFn: () => fetchData(galleryContract.dates),
    staleTime: 5 * 60_000,
  });
}

export function useGallery(id: number | null) {
  return useQuery({
    queryKey: queryKeyOf(galleryContract.item, { params: { id: id ?? 0 } }),
    queryFn: () => fetchData(galleryContract.item, { params: { id: id as number } }),
    enabled: id !== null,
    retry: false,
  });
}
