import { adminContentContract as contract } from '@club/shared/contract/admin-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

/** The console's content calls (packages/shared/src/contract/admin-content.ts). */

export const aboutKey = queryKeyOf(contract.about);
export const contactKey = queryKeyOf(contract.contact);
export const faqKey = queryKeyOf(contract.faq);
export const partnersKey = queryKeyOf(contract.partners);

export const useAbout = () => useQuery({ queryKey: aboutKey, queryFn: () => fetchData(contract.about) });
export const useContact = () =>
  useQuery({ queryKey: contactKey, queryFn: () => fetchData(contract.contact) });
export const useFaq = () => useQuery({ queryKey: faqKey, queryFn: () => fetchData(contract.faq) });
export const usePartners = () =>
  useQuery({ queryKey: partnersKey, queryFn: () => fetchData(contract.partners) });

export function useSaveAbout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Parameters<typeof fetchData<typeof contract.saveAbout>>[1]['body']) =>
      fetchData(contract.saveAbout, { body }),
    onSuccess: (data) => client.setQueryData(aboutKey, data),
  });
}

export function useSaveContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Parameters<typeof fetchData<typeof contract.saveContact>>[1]['body']) =>
      fetchData(contract.saveContact, { body }),
    onSuccess: (data) => client.setQueryData(contactKey, data),
  });
}

export type FaqData = Awaited<ReturnType<typeof fetchData<typeof contract.faq>>>;

/** Any FAQ change: each answers with the whole FAQ, which replaces the cached one. */
export function useFaqChange<V>(call: (vars: V) => Promise<FaqData>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (data) => client.setQueryData(faqKey, data) });
}

export const faqCalls = {
  createCategory: (body: { name_pl: string; name_en: string }) =>
    fetchData(contract.createFaqCategory, { body }),
  saveCategory: (v: { id: number; version: number; category: { name_pl: string; name_en: string } }) =>
    fetchData(contract.saveFaqCategory, {
      params: { id: v.id },
      body: { version: v.version, category: v.category },
    }),
  removeCategory: (id: number) => fetchData(contract.removeFaqCategory, { params: { id } }),
  orderCategories: (ids: number[]) => fetchData(contract.orderFaqCategories, { body: { ids } }),
  orderQuestions: (v: { categoryId: number; ids: number[] }) =>
    fetchData(contract.orderFaqQuestions, { params: { id: v.categoryId }, body: { ids: v.ids } }),
  createQuestion: (body: QuestionValues) => fetchData(contract.createFaqQuestion, { body }),
  saveQuestion: (v: { id: number; version: number; question: QuestionValues }) =>
    fetchData(contract.saveFaqQuestion, {
      params: { id: v.id },
      body: { version: v.version, question: v.question },
    }),
  removeQuestion: (id: number) => fetchData(contract.removeFaqQuestion, { params: { id } }),
};

export type QuestionValues = {
  category_id: number;
  question_pl: string;
  question_en: string;
  answer_pl: string;
  answer_en: string;
};

export const partnerCalls = {
  create: (body: { name: string; url: string }) => fetchData(contract.createPartner, { body }),
  save: (v: { id: number; version: number; partner: { name: string; url: string } }) =>
    fetchData(contract.savePartner, {
      params: { id: v.id },
      body: { version: v.version, partner: v.partner },
    }),
  remove: (id: number) => fetchData(contract.removePartner, { params: { id } }),
  order: (ids: number[]) => fetchData(contract.orderPartners, { body: { ids } }),
  logoPath: (id: number) => `/admin/content/partners/${id}/logo`,
};
