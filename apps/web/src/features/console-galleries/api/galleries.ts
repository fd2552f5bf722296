import { adminGalleriesContract as contract } from '@club/shared/contract/admin-galleries';
import type { TAdminGalleryListQuery } from '@club/shared/schemas/admin-content';
import { useQuery } from '@tanstack/react-query';
import { fetchData, queryKeyOf, pageQueryOf } from '../../../lib/endpoint';

/** The console's gallery calls (packages/shared/src/contract/admin-galleries.ts). */

export const galleriesKey = queryKeyOf(contract.list);
export const galleryKey = (id: number) => queryKeyOf(contract.item, { params: { id } });

export const useGalleries = (query: TAdminGalleryListQuery) =>
  useQuery(pageQueryOf(contract.list, { query }));

export const useGalleryOptions = () =>
  useQuery({ queryKey: queryKeyOf(contract.options), queryFn: () => fetchData(contract.options) });

export const useGallery = (id: number | null) =>
  useQuery({
    queryKey: galleryKey(id ?? 0),
    queryFn: () => fetchData(contract.item, { params: { id: id! } }),
    enabled: id !== null,
  });

export type GalleryValues = {
  name_pl: string;
  name_en: string;
  date: string;
  product_id: number | null;
  category_id: number | null;
};

export const galleryCalls = {
  item: (id: number) => fetchData(contract.item, { params: { id } }),
  create: (body: GalleryValues) => fetchData(contract.create, { body }),
  update: (v: { id: number; version: number; gallery: GalleryValues }) =>
    fetchData(contract.update, { params: { id: v.id }, body: { version: v.version, gallery: v.gallery } }),
  remove: (id: number) => fetchData(contract.remove, { params: { id } }),
  caption: (id: number, photoId: number, body: { caption_pl: string; caption_en: string }) =>
    fetchData(contract.captionPhoto, { params: { id, photoId }, body }),
  cover: (id: number, photoId: number) => fetchData(contract.coverPhoto, { params: { id, photoId } }),
  order: (id: number, ids: number[]) => fetchData(contract.orderPhotos, { params: { id }, body: { ids } }),
  removePhoto: (id: number, photoId: number) => fetchData(contract.removePhoto, { params: { id, photoId } }),
  uploadPath: (id: number) => `/admin/galleries/${id}/photos`,
};
