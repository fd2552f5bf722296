import { configureZodMessages } from './i18n/issues';

configureZodMessages();

export * from './constants';
export * from './error-codes';
export * from './money';
export * from './slug';
export * from './validators/nip';
export * from './validators/pesel';
export * from './validators/vin';
export * from './validators/password';
export * from './validators/phone';
export * from './i18n/validation';
export * from './i18n/issues';
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/dealers';
export * from './schemas/bonus';
export * from './schemas/sales';
export * from './schemas/account';
export * from './schemas/catalog';
export * from './schemas/staff';
export * from './availability';
export * from './payment-statuses';
export * from './refunds';
export * from './schemas/invoices';
export * from './schemas/ksef';
