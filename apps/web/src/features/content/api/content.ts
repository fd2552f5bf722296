import type { TContact, TFaqCategory, TPage, TPartner } from '@club/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getAboutPage = () => api.get<TPage>('/pages/page', { type: 'ABOUT' });
export const useAboutPage = () => useQuery({ queryKey: ['pages', 'ABOUT'], queryFn: getAboutPage });

export const getContact = () => api.get<TContact>('/pages/contact');
export const useContact = () => useQuery({ queryKey: ['pages', 'contact'], queryFn: getContact });

export const getFaq = () => api.get<TFaqCategory[]>('/faq/categories/items');
export const useFaq = () => useQuery({ queryKey: ['faq'], queryFn: getFaq });

export const getPartners = () => api.get<TPartner[]>('/settings/partners/items');
export const usePartners = () => useQuery({ queryKey: ['partners'], queryFn: getPartners });
