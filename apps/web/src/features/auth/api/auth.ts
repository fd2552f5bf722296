import type { TForgotPassword, TLanguage, TLogin, TResetPassword, TSessionUser } from '@club/shared';
import { api } from '../../../lib/api-client';

export const login = (body: TLogin) => api.post<TSessionUser>('/auth/login', body);
export const getMe = () => api.get<TSessionUser>('/auth/me');
export const getLanguages = () => api.get<TLanguage[]>('/settings/languages/items');
export const logout = () => api.post('/auth/logout');
export const forgotPassword = (body: TForgotPassword) => api.post('/auth/forgot-password', body);
export const resetPassword = (body: TResetPassword) => api.post('/auth/reset-password', body);
