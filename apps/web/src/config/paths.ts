/** The one table of routes (SPEC.md §2 and DESIGN.md §5). Paths are relative to the /panel base. */
export const paths = {
  root: '/',
  loading: '/loading',
  logout: '/logout',
  login: '/login',
  resetPassword: '/reset-password',
  agreements: '/agreements',
  activate: '/activate',
  cookiesPolicy: '/cookies-policy',
  notFound: '/not-found',
  home: '/home',
  excellenceClub: '/excellence-club',
  experiences: '/experiences',
  experienceCategory: (slug: string) => `/experiences/${slug}`,
  experience: (slug: string, id: number, productSlug?: string) =>
    `/experiences/${slug}/${id}${productSlug ? `-${productSlug}` : ''}`,
  gallery: '/gallery',
  partners: '/partners',
  faq: '/faq',
  contact: '/contact',
  account: '/account',
  clubCard: '/account/club-card',
  userInfo: '/account/user-info',
  passwordChange: '/account/password-change',
  interests: '/account/your-interests',
  invoiceInfo: '/account/invoice-info',
  shoppingHistory: '/account/shopping-history',
  myData: '/account/my-data',
  cart: '/cart',
  customers: '/customers',
  customerRegister: '/customers/register',
  customerEdit: (id: number | string) => `/customers/edit/${id}`,
  bonus: '/bonus',
} as const;

/** Static documents linked from the footer (served by the app itself, so none is dead). */
export const documents = {
  privacyPolicy: '/panel/docs/privacy-policy.pdf',
  statute: '/panel/docs/statute.pdf',
};
