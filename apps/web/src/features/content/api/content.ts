import { contentContract } from '@club/shared/contract/content';
import { useQuery } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

const about = { query: { type: 'ABOUT' as const } };

export const useAboutPage = () =>
  useQuery({
    queryKey: queryKeyOf(contentContract.page, about),
    queryFn: () => fetchData(contentContract.page, about),
  });

export const useContact = () =>
  useQuery({
    queryKey: queryKeyOf(contentContract.contact),
    queryFn: () => fetchData(contentContract.contact),
  });

export const useFaq = () =>
  useQuery({ queryKey: queryKeyOf(contentContract.faq), queryFn: () => fetchData(contentContract.faq) });

export const usePartners = () =>
  useQuery({
    queryKey: queryKeyOf(contentContract.partners),
    queryFn: () => fetchData(contentContract.partners),
  });
